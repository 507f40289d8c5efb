package solutions.stage4;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage3.PeerClient;
import solutions.stage3.Rendezvous;

/**
 * The coordinator: a client's request goes to the first {@code from} nodes of the key's rendezvous ranking, all at
 * once, and is answered as soon as {@code ack} of them answered (201/202, or for GET the newest record among the
 * answers); 504 when that many cannot answer. Another node's replica request goes to {@link ReplicaEndpoint}.
 */
final class ReplicatingHandler implements RequestHandler {
    private final String self;
    private final Rendezvous rendezvous;
    private final LocalReplica local;
    private final ReplicaEndpoint endpoint;
    private final PeerClient peers;
    private final Timestamps timestamps;

    ReplicatingHandler(String self, Rendezvous rendezvous, LocalReplica local, PeerClient peers,
                       Timestamps timestamps) {
        this.self = self;
        this.rendezvous = rendezvous;
        this.local = local;
        this.endpoint = new ReplicaEndpoint(local);
        this.peers = peers;
        this.timestamps = timestamps;
    }

    @Override
    public Response handle(Request request) throws IOException {
        if (request.getHeaderValue(PeerClient.INTERNAL_HEADER) != null) {
            return endpoint.handle(request);
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
        for (String node : replicas) {
            if (!node.equals(self)) {
                peers.send(node, request.getMethodName(), EntityHandler.uriOf(key), ReplicaEndpoint.bodyFor(write),
                                ReplicaEndpoint.headersFor(write))
                        .thenAccept(response -> quorum.add(Quorum.Answer.of(node, write, response)));
            }
        }
        if (replicas.contains(self)) {
            quorum.add(askLocal(key, write));
        }
        awaitDecision(quorum);
        return quorum.clientAnswer(method, replicas);
    }

    private Quorum.Answer askLocal(byte[] key, Record write) {
        try {
            if (write == null) {
                return Quorum.Answer.success(self, local.read(key));
            }
            local.write(key, write);
            return Quorum.Answer.success(self, null);
        } catch (IOException | RuntimeException e) {
            return Quorum.Answer.failure(self, "local storage failed: " + e);
        }
    }

    /** Waits until the quorum is decided; peers always answer within their timeout, this is only a guard. */
    private void awaitDecision(Quorum quorum) {
        try {
            quorum.decided().get(3 * peers.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // not decided in time: the answers so far decide, which is a 504
        }
    }
}
