package solutions.stage4;

import solutions.stage1.Query;

/**
 * {@code ack} and {@code from} of a request: store on {@code from} replicas, answer once {@code ack} of them did.
 * Defaults: from = cluster size, ack = a majority of from.
 */
public record ReplicaCount(int ack, int from) {
    public static ReplicaCount parse(Query query, int clusterSize) {
        int from = number(query, "from", clusterSize);
        if (from < 1 || from > clusterSize) {
            throw new IllegalArgumentException(
                    "from must be between 1 and the cluster size " + clusterSize + ", got " + from);
        }
        int ack = number(query, "ack", from / 2 + 1);
        if (ack < 1 || ack > from) {
            throw new IllegalArgumentException("ack must be between 1 and from=" + from + ", got " + ack);
        }
        return new ReplicaCount(ack, from);
    }

    private static int number(Query query, String name, int defaultValue) {
        String value = query.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + value + "'", e);
        }
    }
}
