package solutions.stage4;

import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Query;
import solutions.stage1.Responses;

/**
 * A client's request as a coordinator sees it: which key, which method, how many replicas, and the record a write
 * stores ({@code null} for GET): what the {@link Coordinator} starts a quorum from.
 */
// keys are byte[] by the contract; a request is never compared or hashed.
@SuppressWarnings("ArrayRecordComponent")
public record ClientRequest(int method, byte[] key, ReplicaCount count, Record write) {
    /** A request the coordinator answers itself, with 400 or 405, before asking any replica. */
    public static final class Rejected extends Exception {
        private final transient Response response;

        Rejected(Response response) {
            super(null, null, false, false);
            this.response = response;
        }

        public Response response() {
            return response;
        }
    }

    /** Parses and validates; a write gets its timestamp here, once, so every replica stores the same record. */
    public static ClientRequest parse(Request request, int clusterSize, Timestamps timestamps) throws Rejected {
        Query query = Query.of(request.getURI());
        byte[] key = query.bytes("id");
        if (key == null || key.length == 0) {
            throw new Rejected(Responses.text(Response.BAD_REQUEST, "id is missing or empty: use /v0/entity?id=<key>"));
        }
        int method = request.getMethod();
        if (method != Request.METHOD_GET && method != Request.METHOD_PUT && method != Request.METHOD_DELETE) {
            throw new Rejected(Responses.text(Response.METHOD_NOT_ALLOWED, "use GET, PUT or DELETE"));
        }
        ReplicaCount count;
        try {
            count = ReplicaCount.parse(query, clusterSize);
        } catch (IllegalArgumentException e) {
            throw new Rejected(Responses.text(Response.BAD_REQUEST, e.getMessage()));
        }
        Record write = switch (method) {
            case Request.METHOD_PUT ->
                new Record(timestamps.next(), request.getBody() == null ? new byte[0] : request.getBody());
            case Request.METHOD_DELETE -> Record.tombstone(timestamps.next());
            default -> null;
        };
        return new ClientRequest(method, key, count, write);
    }
}
