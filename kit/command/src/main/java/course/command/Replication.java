package course.command;

/**
 * A stage's default replication rule, {@code replication: {ack: majority, from: all}} in its {@code stage.yml}: how
 * many replicas a request goes to ({@code from}) and how many must answer ({@code ack}) when the client says
 * neither. Kept as the words of the file so that a cluster of any size gets its own numbers; the words are checked
 * where the file is, by {@code stage.schema.json} ({@code ack}: majority, all, one or a number; {@code from}: all or a
 * number).
 */
public record Replication(String ack, String from) {
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
}
