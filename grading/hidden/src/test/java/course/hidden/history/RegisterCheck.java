package course.hidden.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks a concurrent history against what stage 4 promises for each key, over all clients together: quorum reads
 * see every write acknowledged before they began (or something newer), and once writes stop the replicas agree.
 *
 * <p>Why these rules and not linearizability: quorums without read repair are not linearizable (a read concurrent
 * with a write may see it and a later read may not, and a write that failed may have reached one replica), so a
 * linearizability check would fail correct nodes. What they do promise follows from two facts: a write's timestamp
 * is taken between the moment the client sent it and the moment it was answered, and (on one machine) timestamps
 * follow real time; and any {@code ack} replicas of a read meet the {@code ack} replicas of every acknowledged write
 * when {@code ack + ack > from}. So a write W2 acknowledged before a read began, and sent after a write W1 was
 * answered, is newer than W1, and the read must not return W1.
 *
 * <p>Values are unique per write (each PUT writes a value of its own), so a returned value names its write; "absent"
 * can come from the initial state or from any DELETE.
 */
public final class RegisterCheck {
    /** One broken promise: the operation that shows it, and why it is wrong. */
    public record Violation(Operation read, List<Operation> evidence, String why) {
        public String describe() {
            return read.describe() + ": " + why;
        }
    }

    private static final long NEVER = Long.MIN_VALUE;

    private RegisterCheck() {}

    /** Quorum reads (GET with the defaults) against every write of their key. */
    public static List<Violation> staleReads(List<Operation> history) {
        List<Violation> found = new ArrayList<>();
        Map<String, List<Operation>> writesByKey = history.stream()
                .filter(Operation::isWrite)
                .collect(Collectors.groupingBy(Operation::key, LinkedHashMap::new, Collectors.toList()));
        for (Operation read : history) {
            if (read.kind() != Operation.Kind.GET || !read.succeeded()) {
                continue; // a read that did not reach its quorum promises nothing
            }
            Violation v = check(read, writesByKey.getOrDefault(read.key(), List.of()));
            if (v != null) {
                found.add(v);
            }
        }
        return found;
    }

    private static Violation check(Operation read, List<Operation> writes) {
        List<Operation> sources = new ArrayList<>();
        boolean initialState = read.value() == null;
        for (Operation w : writes) {
            if (Arrays.equals(w.value(), read.value())) {
                sources.add(w);
            }
        }
        if (sources.isEmpty() && !initialState) {
            return new Violation(read, List.of(), "no request ever wrote " + read.valueText() + " to " + read.key());
        }
        List<Operation> possible =
                sources.stream().filter(w -> w.invoked() < read.completed()).toList();
        if (possible.isEmpty() && !initialState) {
            return new Violation(
                    read,
                    sources,
                    "it returned " + read.valueText() + " before the request that wrote it ("
                            + sources.get(0).describe() + ") was even sent");
        }
        // The read is fine if one of its possible sources was not yet overwritten, for sure, when the read began.
        Operation supersededBy = null;
        if (initialState && !overwritten(NEVER, read, writes)) {
            return null;
        }
        for (Operation source : possible) {
            Operation newer = overwrittenBy(source.completed(), read, writes);
            if (newer == null) {
                return null;
            }
            supersededBy = newer;
        }
        if (supersededBy == null) {
            supersededBy = overwrittenBy(NEVER, read, writes);
        }
        List<Operation> evidence = new ArrayList<>(possible);
        evidence.add(supersededBy);
        return new Violation(
                read,
                evidence,
                "it returned " + read.valueText() + ", but "
                        + supersededBy.describe() + " was acknowledged before this read was sent, and was sent after "
                        + (possible.isEmpty()
                                ? "the key's initial state"
                                : "every request that could have written " + read.valueText())
                        + " was answered, so it is newer");
    }

    private static boolean overwritten(long sourceAnswered, Operation read, List<Operation> writes) {
        return overwrittenBy(sourceAnswered, read, writes) != null;
    }

    /** An acknowledged write of another value, sent after the source was answered and answered before the read. */
    private static Operation overwrittenBy(long sourceAnswered, Operation read, List<Operation> writes) {
        for (Operation w : writes) {
            if (w.succeeded()
                    && !Arrays.equals(w.value(), read.value())
                    && (sourceAnswered == NEVER || w.invoked() > sourceAnswered)
                    && w.completed() < read.invoked()) {
                return w;
            }
        }
        return null;
    }

    /**
     * Once writes of a key stopped and the cluster had time to deliver them, each replica keeps the newest record it
     * was sent, so ack=1 reads through any node return the same. The ack=1 reads of a key between two of its writes
     * form one quiet period and are compared with each other. A period is left out when a failed write before it was
     * not overwritten by a later acknowledged one: such a write may have reached only some replicas, and then they
     * differ by right.
     */
    public static List<Violation> divergentReplicas(List<Operation> history) {
        List<Violation> found = new ArrayList<>();
        Map<String, List<Operation>> byKey = history.stream()
                .collect(Collectors.groupingBy(Operation::key, LinkedHashMap::new, Collectors.toList()));
        for (List<Operation> ops : byKey.values()) {
            List<Operation> writes = ops.stream().filter(Operation::isWrite).toList();
            List<Operation> quiet = new ArrayList<>();
            for (Operation op : ops.stream()
                    .sorted(Comparator.comparingLong(Operation::invoked))
                    .toList()) {
                if (op.isWrite()) {
                    compare(quiet, writes, found);
                    quiet.clear();
                } else if (op.kind() == Operation.Kind.GET_ONE && op.succeeded()) {
                    quiet.add(op);
                }
            }
            compare(quiet, writes, found);
        }
        return found;
    }

    private static void compare(List<Operation> quiet, List<Operation> writes, List<Violation> found) {
        if (quiet.size() < 2) {
            return;
        }
        long start = quiet.get(0).invoked();
        for (Operation w : writes) {
            if (w.invoked() < start
                    && (w.completed() > start
                            || (!w.succeeded()
                                    && writes.stream()
                                            .noneMatch(later -> later.succeeded()
                                                    && later.invoked() > w.completed()
                                                    && later.completed() < start)))) {
                return; // still under way when the period began, or failed and never overwritten for sure
            }
        }
        Operation first = quiet.get(0);
        for (Operation other : quiet) {
            if (!Arrays.equals(first.value(), other.value())) {
                found.add(new Violation(
                        other,
                        List.of(first),
                        "after the writes of " + other.key()
                                + " had stopped and were acknowledged, node " + other.node() + " answered "
                                + other.valueText() + " while node " + first.node() + " answered " + first.valueText()
                                + " (" + first.describe()
                                + "): a replica kept a write that arrived late instead of the "
                                + "newest by timestamp"));
                return;
            }
        }
    }
}
