package solutions.stage5;

import solutions.stage1.Query;

/**
 * {@code ack} and {@code from} of a client request, checked as the stage-4 statement says (it mirrors the
 * package-private {@code solutions.stage4.ReplicaCount}). Defaults: from = cluster size, ack = a majority of from.
 */
record AckFrom(int ack, int from) {
    static AckFrom parse(Query query, int clusterSize) {
        int from = number(query, "from", clusterSize);
        if (from < 1 || from > clusterSize) {
            throw new IllegalArgumentException("from must be between 1 and the cluster size " + clusterSize
                    + ", got " + from);
        }
        int ack = number(query, "ack", from / 2 + 1);
        if (ack < 1 || ack > from) {
            throw new IllegalArgumentException("ack must be between 1 and from=" + from + ", got " + ack);
        }
        return new AckFrom(ack, from);
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
