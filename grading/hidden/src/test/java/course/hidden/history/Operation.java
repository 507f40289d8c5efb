package course.hidden.history;

import java.nio.charset.StandardCharsets;

/**
 * One client request and what came of it, with the times (one JVM's {@code System.nanoTime}) at which the client
 * sent it and got the answer. {@code value} is what a write wrote or a read returned; null stands for "absent".
 */
// values are byte[] by the contract; the history check compares them with Arrays.equals.
@SuppressWarnings("ArrayRecordComponent")
public record Operation(
        int id, int client, Kind kind, String key, int node, byte[] value, int status, long invoked, long completed) {
    public enum Kind {
        PUT,
        DELETE,
        GET,
        /** A read with ack=1, used only once writes stopped, to see whether the replicas agree. */
        GET_ONE
    }

    public boolean isWrite() {
        return kind == Kind.PUT || kind == Kind.DELETE;
    }

    public boolean isRead() {
        return !isWrite();
    }

    /** A write the cluster acknowledged (201, 202), or a read that reached its quorum (200, 404). */
    public boolean succeeded() {
        return switch (kind) {
            case PUT -> status == 201;
            case DELETE -> status == 202;
            case GET, GET_ONE -> status == 200 || status == 404;
        };
    }

    public String valueText() {
        return value == null ? "absent" : "\"" + new String(value, StandardCharsets.UTF_8) + "\"";
    }

    /** E.g. {@code #12 client 3 PUT k1 = "c3-4" via node 0 -> 201}. */
    public String describe() {
        String what = switch (kind) {
            case PUT -> "PUT " + key + " = " + valueText();
            case DELETE -> "DELETE " + key;
            case GET -> "GET " + key + " -> " + (status == 200 || status == 404 ? valueText() : "no answer");
            case GET_ONE -> "GET ack=1 " + key + " -> " + (status == 200 || status == 404 ? valueText() : "no answer");
        };
        return "#" + id + " client " + client + " " + what + " via node " + node + " (status " + status + ")";
    }
}
