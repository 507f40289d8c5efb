package solutions.stage4;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.ByteBudget;
import solutions.stage1.EntityHandler;
import solutions.stage3.PeerAnswerMemory;
import solutions.stage3.PeerClient;

/**
 * The coordinator: a client's request goes to the first {@code from} nodes of the key's rendezvous ranking, all at
 * once, and is answered as soon as {@code ack} of them answered (201/202, or for GET the newest record among the
 * answers); 504 when that many cannot answer. Starting a quorum waits for no other node: the requests to them go out
 * on the asynchronous client, and only this node's own replica is served on the calling thread (storage). What the
 * caller does with the decision is its stage's concern: stage 4 waits for it, stage 5 answers when it comes.
 */
record Coordinator(
        String self,
        int clusterSize,
        ReplicaOrder replicaOrder,
        LocalReplica local,
        PeerClient peers,
        Timestamps timestamps,
        ByteBudget answers,
        Function<ReplicaCount, Quorum> quorums) {
    /** The replicas of a key, best first: the first {@code from} nodes of its ranking. */
    @FunctionalInterface
    interface ReplicaOrder {
        List<String> replicas(byte[] key, int from);
    }

    /**
     * Starts the quorum for a client's request. The future completes with the client's answer once the quorum is
     * decided, on the thread that brought the deciding answer; a request the coordinator rejects (400, 405) comes
     * back completed.
     */
    // each peer's answer is fed to the quorum by its callback; the quorum's future is the one returned.
    @SuppressWarnings("FutureReturnValueIgnored")
    CompletableFuture<Response> start(Request request) {
        ClientRequest client;
        try {
            client = ClientRequest.parse(request, clusterSize, timestamps);
        } catch (ClientRequest.Rejected e) {
            return CompletableFuture.completedFuture(e.response());
        }
        List<String> replicas =
                replicaOrder.replicas(client.key(), client.count().from());
        Quorum quorum = quorums.apply(client.count());
        // Peers always answer within their timeout, so the quorum is always decided; the bound is only a guard.
        // The replicas' answers (this node's own among them) are memory until the client's answer is made of them;
        // the session then counts that one while it waits for the client.
        PeerAnswerMemory memory = new PeerAnswerMemory(answers);
        CompletableFuture<Response> answer = quorum.decided()
                .copy()
                .completeOnTimeout(null, 3 * peers.timeout().toMillis(), TimeUnit.MILLISECONDS)
                .thenApply(decided -> quorum.clientAnswer(client.method(), replicas))
                .whenComplete((r, e) -> memory.release());
        Record write = client.write();
        for (String node : replicas) {
            if (!node.equals(self)) {
                peers.send(
                                node,
                                request.getMethodName(),
                                EntityHandler.uriOf(client.key()),
                                ReplicaEndpoint.bodyFor(write),
                                ReplicaEndpoint.headersFor(write),
                                memory)
                        .thenAccept(response -> letGo(memory, quorum.add(Quorum.Answer.of(node, write, response))));
            }
        }
        if (replicas.contains(self)) {
            letGo(memory, quorum.add(askLocal(client.key(), write, memory)));
        }
        return answer;
    }

    /** A read's record the quorum did not keep: what it held is given back (a write's records are not held). */
    private static void letGo(PeerAnswerMemory memory, EncodedRecord record) {
        if (record != null) {
            memory.letGo(record.length());
        }
    }

    private Quorum.Answer askLocal(byte[] key, Record write, PeerAnswerMemory memory) {
        try {
            if (write == null) {
                // Held like a peer's answer: 8 clients reading a 16 MiB value held 8 local copies otherwise.
                byte[] stored = local.readEncoded(key);
                long length = stored == null ? 0 : stored.length;
                if (!memory.tryHold(length)) {
                    return Quorum.Answer.busy(self, "the local replica read it, but " + memory.refusal(length));
                }
                return Quorum.Answer.success(self, stored == null ? null : EncodedRecord.of(stored));
            }
            local.write(key, write);
            return Quorum.Answer.success(self, null);
        } catch (IOException | RuntimeException e) {
            return Quorum.Answer.failure(self, "local storage failed: " + e);
        }
    }
}
