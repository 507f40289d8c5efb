package solutions.stage5;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Query;
import solutions.stage1.RequestHandler;
import solutions.stage1.Responses;
import solutions.stage3.PeerClient;
import solutions.stage3.Rendezvous;

/**
 * The stage-4 coordinator without a waiting thread: requests to the other replicas go out at once on the
 * asynchronous client, the local replica is served on the worker (the one thing a worker may block on: storage),
 * and the handler returns a {@link PendingResponse} that completes when {@code ack} replicas agreed. Replica
 * requests from other nodes, and the local replica's part of a request, are served by stage 4's handler.
 */
final class AsyncReplicatingHandler implements RequestHandler {
    static final String TIMESTAMP_HEADER = "X-Course-Timestamp";

    private final String self;
    private final Rendezvous rendezvous;
    private final RequestHandler replica;
    private final PeerClient peers;
    private final WriteClock clock;

    /** @param replica stage 4's handler: it serves requests marked {@link PeerClient#INTERNAL_HEADER} locally */
    AsyncReplicatingHandler(String self, Rendezvous rendezvous, RequestHandler replica, PeerClient peers,
                            WriteClock clock) {
        this.self = self;
        this.rendezvous = rendezvous;
        this.replica = replica;
        this.peers = peers;
        this.clock = clock;
    }

    @Override
    public Response handle(Request request) throws IOException {
        if (request.getHeaderValue(PeerClient.INTERNAL_HEADER) != null) {
            return replica.handle(request);
        }
        Query query = Query.of(request.getURI());
        String id = query.get("id");
        if (id == null || id.isEmpty()) {
            return Responses.text(Response.BAD_REQUEST, "id is missing or empty: use /v0/entity?id=<key>");
        }
        int method = request.getMethod();
        if (method != Request.METHOD_GET && method != Request.METHOD_PUT && method != Request.METHOD_DELETE) {
            return Responses.text(Response.METHOD_NOT_ALLOWED, "use GET, PUT or DELETE");
        }
        AckFrom count;
        try {
            count = AckFrom.parse(query, rendezvous.size());
        } catch (IllegalArgumentException e) {
            return Responses.text(Response.BAD_REQUEST, e.getMessage());
        }
        byte[] key = id.getBytes(StandardCharsets.UTF_8);
        ReplicaCall call = new ReplicaCall(request.getMethodName(), request.getURI(),
                method == Request.METHOD_GET ? null : String.valueOf(clock.next()),
                method == Request.METHOD_PUT ? bodyOf(request) : null);
        List<String> replicas = rendezvous.ranking(key, count.from());
        ReplicaReplies replies = new ReplicaReplies(count, replicas, newest -> answer(method, newest));
        for (String node : replicas) {
            if (!node.equals(self)) {
                peers.send(node, call.method(), call.uri(), call.body(), call.headers())
                        .thenAccept(response -> replies.add(call.replyOf(node, response)));
            }
        }
        if (replicas.contains(self)) {
            replies.add(askLocal(call));
        }
        return new PendingResponse(replies.answer());
    }

    private static Response answer(int method, StoredRecord newest) {
        return switch (method) {
            case Request.METHOD_PUT -> Responses.empty(Response.CREATED);
            case Request.METHOD_DELETE -> Responses.empty(Response.ACCEPTED);
            default -> newest == null || newest.isTombstone()
                    ? Responses.empty(Response.NOT_FOUND) : new Response(Response.OK, newest.value());
        };
    }

    /** The local replica's part, through stage 4's replica endpoint, as if this node had sent it to itself. */
    private ReplicaReplies.Reply askLocal(ReplicaCall call) {
        Request internal = new Request(methodCode(call.method()), call.uri(), true);
        internal.addHeader(PeerClient.INTERNAL_HEADER + ": " + self);
        call.headers().forEach((name, value) -> internal.addHeader(name + ": " + value));
        if (call.body() != null) {
            internal.setBody(call.body());
        }
        try {
            return call.replyOf(self, replica.handle(internal));
        } catch (IOException | RuntimeException e) {
            return ReplicaReplies.Reply.failure(self, "local storage failed: " + e);
        }
    }

    private static int methodCode(String method) {
        return switch (method) {
            case "GET" -> Request.METHOD_GET;
            case "PUT" -> Request.METHOD_PUT;
            default -> Request.METHOD_DELETE;
        };
    }

    private static byte[] bodyOf(Request request) {
        return request.getBody() == null ? new byte[0] : request.getBody();
    }

    /**
     * One replica request of the stage-4 protocol: the client's method and URI, the write's timestamp (null for a
     * read) and the value (null for a read or a delete).
     */
    private record ReplicaCall(String method, String uri, String timestamp, byte[] body) {
        Map<String, String> headers() {
            return timestamp == null ? Map.of() : Map.of(TIMESTAMP_HEADER, timestamp);
        }

        ReplicaReplies.Reply replyOf(String node, Response response) {
            int status = response.getStatus();
            boolean read = timestamp == null;
            if (read && status == 200) {
                try {
                    return ReplicaReplies.Reply.success(node, StoredRecord.decode(response.getBody()));
                } catch (IllegalArgumentException e) {
                    return ReplicaReplies.Reply.failure(node, e.getMessage());
                }
            }
            int expected = read ? 404 : body == null ? 202 : 201;
            return status == expected ? ReplicaReplies.Reply.success(node, null)
                    : ReplicaReplies.Reply.failure(node, status + " "
                            + new String(response.getBody(), StandardCharsets.UTF_8));
        }
    }
}
