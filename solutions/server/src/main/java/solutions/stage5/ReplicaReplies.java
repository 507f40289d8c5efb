package solutions.stage5;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import one.nio.http.Response;
import solutions.stage1.Responses;

/**
 * Combines the replicas' replies to one request without a thread waiting for them: each reply is added by the
 * thread that received it, and the answer completes as soon as {@code ack} replicas succeeded, or as soon as so
 * many failed that {@code ack} is out of reach. Replies after that are dropped.
 */
final class ReplicaReplies {
    /** One replica's reply: a success (with the record a read found, null when none) or a failure. */
    record Reply(String node, StoredRecord record, String failure) {
        static Reply success(String node, StoredRecord record) {
            return new Reply(node, record, null);
        }

        static Reply failure(String node, String why) {
            return new Reply(node, null, why);
        }
    }

    private final AckFrom count;
    private final List<String> replicas;
    private final Function<StoredRecord, Response> onQuorum;
    private final List<Reply> successes = new ArrayList<>();
    private final List<Reply> failures = new ArrayList<>();
    private final CompletableFuture<Response> answer = new CompletableFuture<>();
    private boolean decided;

    /** @param onQuorum the answer once ack replicas succeeded, given the newest record among their replies */
    ReplicaReplies(AckFrom count, List<String> replicas, Function<StoredRecord, Response> onQuorum) {
        this.count = count;
        this.replicas = replicas;
        this.onQuorum = onQuorum;
    }

    CompletableFuture<Response> answer() {
        return answer;
    }

    void add(Reply reply) {
        Response outcome;
        synchronized (this) {
            if (decided) {
                return;
            }
            (reply.failure() == null ? successes : failures).add(reply);
            if (successes.size() >= count.ack()) {
                outcome = onQuorum.apply(newest());
            } else if (failures.size() > count.from() - count.ack()) {
                outcome = Responses.text(Response.GATEWAY_TIMEOUT, shortfall());
            } else {
                return;
            }
            decided = true;
        }
        // Completed outside the lock: completing runs the send to the client on this thread.
        answer.complete(outcome);
    }

    private StoredRecord newest() {
        StoredRecord newest = null;
        for (Reply r : successes) {
            if (r.record() != null && r.record().newerThan(newest)) {
                newest = r.record();
            }
        }
        return newest;
    }

    private String shortfall() {
        StringBuilder sb = new StringBuilder("only " + successes.size() + " of ack=" + count.ack()
                + " replicas answered (from=" + count.from() + ")");
        for (Reply r : failures) {
            sb.append("\n  ").append(r.node()).append(": ").append(r.failure().strip());
        }
        for (String node : replicas) {
            boolean replied = successes.stream().anyMatch(r -> r.node().equals(node))
                    || failures.stream().anyMatch(r -> r.node().equals(node));
            if (!replied) {
                sb.append("\n  ").append(node).append(": no answer yet");
            }
        }
        return sb.toString();
    }
}
