package course.hidden.history;

import course.harness.Reply;
import java.util.ArrayList;
import java.util.List;

/**
 * What several clients did at once: every request with the time it was sent and answered, and the faults that were
 * in force. Clients record from their own threads; the checker and the timeline read it once they are done.
 */
public final class ConcurrentHistory {
    /** A fault the test put between nodes, from when to when (nanoTime), for the timeline. */
    public record Fault(String what, long from, long to) {}

    private final long origin = System.nanoTime();
    private final List<Operation> operations = new ArrayList<>();
    private final List<Fault> faults = new ArrayList<>();

    public long now() {
        return System.nanoTime();
    }

    public long origin() {
        return origin;
    }

    /** Records a finished request; {@code wrote} is the value a PUT sent (null for DELETE and reads). */
    public synchronized Operation record(
            int client,
            Operation.Kind kind,
            String key,
            int node,
            byte[] wrote,
            Reply reply,
            long invoked,
            long completed) {
        byte[] value = switch (kind) {
            case PUT -> wrote;
            case DELETE -> null;
            case GET, GET_ONE -> reply.status() == 200 ? reply.body() : null;
        };
        Operation op = new Operation(
                operations.size() + 1, client, kind, key, node, value, reply.status(), invoked, completed);
        operations.add(op);
        return op;
    }

    public synchronized void fault(String what, long from, long to) {
        faults.add(new Fault(what, from, to));
    }

    public synchronized List<Operation> operations() {
        return List.copyOf(operations);
    }

    public synchronized List<Fault> faults() {
        return List.copyOf(faults);
    }
}
