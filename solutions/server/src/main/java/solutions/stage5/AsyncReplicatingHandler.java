package solutions.stage5;

import java.io.IOException;
import java.util.List;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage3.PeerClient;
import solutions.stage3.Rendezvous;
import solutions.stage4.ClientRequest;
import solutions.stage4.Quorum;
import solutions.stage4.Record;
import solutions.stage4.ReplicaCount;
import solutions.stage4.ReplicaEndpoint;
import solutions.stage4.Timestamps;

/**
 * The stage-4 coordinator without a waiting thread: requests to the other replicas go out at once on the
 * asynchronous client, the local replica is served on the worker (the one thing a worker may block on: storage),
 * and the handler returns a {@link PendingResponse} that completes when stage 4's {@link Quorum} is decided, on the
 * thread that brought the deciding answer. Replica requests from other nodes, and the local replica's part of a
 * request, are served by stage 4's handler.
 */
final class AsyncReplicatingHandler implements RequestHandler {
    private final String self;
    private final Rendezvous rendezvous;
    private final RequestHandler replica;
    private final PeerClient peers;
    private final Timestamps timestamps;

    /** @param replica stage 4's handler: it serves requests marked {@link PeerClient#INTERNAL_HEADER} locally */
    AsyncReplicatingHandler(String self, Rendezvous rendezvous, RequestHandler replica, PeerClient peers,
                            Timestamps timestamps) {
        this.self = self;
        this.rendezvous = rendezvous;
        this.replica = replica;
        this.peers = peers;
        this.timestamps = timestamps;
    }

    @Override
    public Response handle(Request request) throws IOException {
        if (request.getHeaderValue(PeerClient.INTERNAL_HEADER) != null) {
            return replica.handle(request);
        }
        ClientRequest client;
        try {
            client = ClientRequest.parse(request, rendezvous.size(), timestamps);
        } catch (ClientRequest.Rejected e) {
            return e.response();
        }
        int method = client.method();
        byte[] key = client.key();
        ReplicaCount count = client.count();
        Record write = client.write();
        List<String> replicas = rendezvous.ranking(key, count.from());
        Quorum quorum = new Quorum(count);
        PendingResponse answer = new PendingResponse(
                quorum.decided().thenApply(decided -> quorum.clientAnswer(method, replicas)));
        for (String node : replicas) {
            if (!node.equals(self)) {
                peers.send(node, request.getMethodName(), EntityHandler.uriOf(key), ReplicaEndpoint.bodyFor(write),
                                ReplicaEndpoint.headersFor(write))
                        .thenAccept(response -> quorum.add(Quorum.Answer.of(node, write, response)));
            }
        }
        if (replicas.contains(self)) {
            quorum.add(askLocal(request, key, write));
        }
        return answer;
    }

    /** The local replica's part, through stage 4's replica endpoint, as if this node had sent it to itself. */
    private Quorum.Answer askLocal(Request client, byte[] key, Record write) {
        Request internal = new Request(client.getMethod(), EntityHandler.uriOf(key), true);
        internal.addHeader(PeerClient.INTERNAL_HEADER + ": " + self);
        ReplicaEndpoint.headersFor(write).forEach((name, value) -> internal.addHeader(name + ": " + value));
        byte[] body = ReplicaEndpoint.bodyFor(write);
        if (body != null) {
            internal.setBody(body);
        }
        try {
            return Quorum.Answer.of(self, write, replica.handle(internal));
        } catch (IOException | RuntimeException e) {
            return Quorum.Answer.failure(self, "local storage failed: " + e);
        }
    }
}
