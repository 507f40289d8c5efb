package solutions.stage4;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Responses;
import solutions.stage3.PeerClient;

/**
 * The replicas' answers to one request. It is decided as soon as {@code ack} replicas succeeded, or as soon as so
 * many failed that {@code ack} can no longer be reached; answers after that are ignored, so one slow replica never
 * delays a request that has enough fast ones. Answers may arrive on any thread. Not final only so that a course mutant
 * can keep its record after the client's answer was made of it ({@link #handOver}).
 */
public class Quorum {
    /**
     * One replica's answer: a success (with the record a read found, as the replica sent it; null when none) or a
     * failure; {@code busy} when the replica is up and said to retry later (503), or this node had no room for its
     * answer.
     */
    public record Answer(String node, EncodedRecord record, String failure, boolean busy) {
        public static Answer success(String node, EncodedRecord record) {
            return new Answer(node, record, null, false);
        }

        public static Answer failure(String node, String why) {
            return new Answer(node, null, why, false);
        }

        public static Answer busy(String node, String why) {
            return new Answer(node, null, why, true);
        }

        /**
         * A replica's response to {@code write} (null for a read) as {@link ReplicaEndpoint} gives it: a read
         * succeeds with 200 and the record or 404 without one, a write with 201, a delete with 202.
         */
        public static Answer of(String node, Record write, Response response) {
            int status = response.getStatus();
            if (write == null && status == 200) {
                try {
                    return success(node, EncodedRecord.of(response.getBody()));
                } catch (IllegalArgumentException e) {
                    return failure(node, e.getMessage());
                }
            }
            boolean expected = write == null ? status == 404 : status == (write.isTombstone() ? 202 : 201);
            if (expected) {
                return success(node, null);
            }
            String why = status + " " + new String(response.getBody(), StandardCharsets.UTF_8);
            return status == 503 && response.getHeader(PeerClient.UNREACHABLE_HEADER + ": ") == null
                    ? busy(node, why)
                    : failure(node, why);
        }

        public boolean succeeded() {
            return failure == null;
        }
    }

    private final ReplicaCount count;
    private final List<Answer> successes = new ArrayList<>();
    private final List<Answer> failures = new ArrayList<>();
    private final CompletableFuture<Void> decided = new CompletableFuture<>();
    /** The newest record the successes brought (guarded by this): the only one kept. */
    private EncodedRecord newest;

    private boolean closed; // guarded by this: set once decided, after which the lists never change

    public Quorum(ReplicaCount count) {
        this.count = count;
    }

    /**
     * Counts a replica's answer. Only the newest record among the successes is kept: the client's answer needs no
     * other, and each is a whole value (a GET of a 16 MiB value from three replicas held 48 MiB). Records are compared
     * as they came, without a copy, and the client's answer is sent from the newest one's bytes.
     *
     * @return the record let go of (an older one, or one that came after the decision), for its memory; else null
     */
    public EncodedRecord add(Answer answer) {
        EncodedRecord letGo;
        synchronized (this) {
            if (closed) {
                return answer.record();
            }
            letGo = null;
            Answer counted = answer;
            if (answer.succeeded() && answer.record() != null) {
                if (answer.record().newerThan(newest)) {
                    letGo = newest;
                    newest = answer.record();
                } else {
                    letGo = answer.record();
                }
                counted = Answer.success(answer.node(), null); // its record, if kept, is newest
            }
            (counted.succeeded() ? successes : failures).add(counted);
            if (successes.size() < count.ack() && failures.size() <= count.from() - count.ack()) {
                return letGo;
            }
            closed = true;
        }
        // Completed outside the lock: whatever waits on the decision (stage 5 sends the client's answer) runs on
        // this thread, and must not hold up the other replicas' answers.
        decided.complete(null);
        return letGo;
    }

    public CompletableFuture<Void> decided() {
        return decided;
    }

    public synchronized boolean reached() {
        return successes.size() >= count.ack();
    }

    /** The newest record among the successful answers, or null when none of them had one. */
    public synchronized EncodedRecord newest() {
        return newest;
    }

    /**
     * The newest record, which the quorum no longer holds: the client's answer is made of it. A replica that answers
     * after the decision keeps the quorum reachable until its answer is in (hundreds of milliseconds on a busy
     * machine), and the coordinator has given the record's room in the budget back by then: eight slow readers of a
     * 16 MiB value could hold several such records nobody counted.
     */
    protected synchronized EncodedRecord handOver() {
        EncodedRecord record = newest;
        newest = null;
        return record;
    }

    /** Why the quorum was not reached, naming each replica that failed or did not answer. */
    public synchronized String shortfall(List<String> replicas) {
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

    /**
     * The client's answer to a request with this method, from the answers so far: 201 or 202 for a write, the
     * newest record (404 when none or a tombstone) for a read; 504 naming the missing replicas without a quorum. Asked
     * once: a read's record is handed over to the answer.
     */
    public Response clientAnswer(int method, List<String> replicas) {
        if (!reached()) {
            // Replicas that are up but said "retry later" (or whose answers this node had no room for) make a 503:
            // retrying may succeed. A replica down or silent makes the 504 of a quorum that could not answer.
            boolean allBusy = failures.size() > count.from() - count.ack()
                    && failures.stream().allMatch(Answer::busy);
            return Responses.text(
                    allBusy ? Response.SERVICE_UNAVAILABLE : Response.GATEWAY_TIMEOUT, shortfall(replicas));
        }
        return switch (method) {
            case Request.METHOD_PUT -> Responses.empty(Response.CREATED);
            case Request.METHOD_DELETE -> Responses.empty(Response.ACCEPTED);
            default -> {
                EncodedRecord newest = handOver();
                yield newest == null || newest.isTombstone() ? Responses.empty(Response.NOT_FOUND) : newest.answer();
            }
        };
    }
}
