package solutions.stage4;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The replicas' answers to one request. It is decided as soon as {@code ack} replicas succeeded, or as soon as so
 * many failed that {@code ack} can no longer be reached; answers after that are ignored, so one slow replica never
 * delays a request that has enough fast ones.
 */
final class Quorum {
    /** One replica's answer: a success (with the record a read found, null when none) or a failure. */
    record Answer(String node, Record record, String failure) {
        static Answer success(String node, Record record) {
            return new Answer(node, record, null);
        }

        static Answer failure(String node, String why) {
            return new Answer(node, null, why);
        }

        boolean succeeded() {
            return failure == null;
        }
    }

    private final ReplicaCount count;
    private final List<Answer> successes = new ArrayList<>();
    private final List<Answer> failures = new ArrayList<>();
    private final CompletableFuture<Void> decided = new CompletableFuture<>();

    Quorum(ReplicaCount count) {
        this.count = count;
    }

    synchronized void add(Answer answer) {
        if (decided.isDone()) {
            return;
        }
        (answer.succeeded() ? successes : failures).add(answer);
        if (successes.size() >= count.ack() || failures.size() > count.from() - count.ack()) {
            decided.complete(null);
        }
    }

    CompletableFuture<Void> decided() {
        return decided;
    }

    synchronized boolean reached() {
        return successes.size() >= count.ack();
    }

    /** The newest record among the successful answers, or null when none of them had one. */
    synchronized Record newest() {
        Record newest = null;
        for (Answer a : successes) {
            if (a.record() != null && a.record().newerThan(newest)) {
                newest = a.record();
            }
        }
        return newest;
    }

    /** Why the quorum was not reached, naming each replica that failed or did not answer. */
    synchronized String shortfall(List<String> replicas) {
        StringBuilder sb = new StringBuilder("only " + successes.size() + " of ack=" + count.ack()
                + " replicas answered (from=" + count.from() + ")");
        for (Answer a : failures) {
            sb.append("\n  ").append(a.node()).append(": ").append(a.failure().strip());
        }
        for (String node : replicas) {
            boolean answered = successes.stream().anyMatch(a -> a.node().equals(node))
                    || failures.stream().anyMatch(a -> a.node().equals(node));
            if (!answered) {
                sb.append("\n  ").append(node).append(": no answer yet");
            }
        }
        return sb.toString();
    }
}
