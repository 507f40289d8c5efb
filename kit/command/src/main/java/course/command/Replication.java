package course.command;

/**
 * A stage's default replication rule, {@code replication: {ack: majority, from: all}} in its {@code stage.yml}: how
 * many replicas a request goes to ({@code from}) and how many must answer ({@code ack}) when the client says
 * neither. Kept as the words of the file so that a cluster of any size gets its own numbers.
 */
public record Replication(String ack, String from) {
    static final String ACK_WORDS = "'majority', 'all', 'one' or a whole number >= 1";
    static final String FROM_WORDS = "'all' or a whole number >= 1";

    /** Checks the words; an {@link IllegalArgumentException} says which one is not understood. */
    public Replication {
        if (!ack.equals("majority") && !ack.equals("all") && !ack.equals("one") && !positive(ack)) {
            throw new IllegalArgumentException("ack must be " + ACK_WORDS + ", got '" + ack + "'");
        }
        if (!from.equals("all") && !positive(from)) {
            throw new IllegalArgumentException("from must be " + FROM_WORDS + ", got '" + from + "'");
        }
    }

    /** How many replicas a request goes to in a cluster of {@code nodes}. */
    public int from(int nodes) {
        return from.equals("all") ? nodes : Math.min(Integer.parseInt(from), nodes);
    }

    /** How many of {@link #from(int)} replicas must answer in a cluster of {@code nodes}. */
    public int ack(int nodes) {
        int replicas = from(nodes);
        return switch (ack) {
            case "majority" -> replicas / 2 + 1;
            case "all" -> replicas;
            case "one" -> 1;
            default -> Math.min(Integer.parseInt(ack), replicas);
        };
    }

    private static boolean positive(String word) {
        return word.matches("[1-9][0-9]{0,3}");
    }
}
