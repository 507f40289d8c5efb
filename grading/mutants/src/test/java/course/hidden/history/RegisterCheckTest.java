package course.hidden.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Reply;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checker of concurrent histories on histories written by hand: it must flag what stage 4 forbids and accept
 * what quorums legitimately do (it lives here because the hidden tests' module runs no tests of its own).
 */
class RegisterCheckTest {
    private final ConcurrentHistory history = new ConcurrentHistory();

    private Operation put(int client, String value, int status, long from, long to) {
        byte[] v = value.getBytes(StandardCharsets.UTF_8);
        return history.record(
                client, Operation.Kind.PUT, "k", 0, v, new Reply("PUT k", status, new byte[0], null), from, to);
    }

    private Operation get(int client, Operation.Kind kind, int node, String seen, long from, long to) {
        byte[] body = seen == null ? new byte[0] : seen.getBytes(StandardCharsets.UTF_8);
        return history.record(
                client, kind, "k", node, null, new Reply("GET k", seen == null ? 404 : 200, body, null), from, to);
    }

    /**
     * Each node's own copy, read node after node from time {@code at} once writes stopped (what the divergence check
     * compares): node i answered {@code seenByNode[i]}.
     */
    private void copiesFrom(long at, String... seenByNode) {
        for (int node = 0; node < seenByNode.length; node++) {
            get(9, Operation.Kind.GET_ONE, node, seenByNode[node], at + 2L * node, at + 2L * node + 1);
        }
    }

    @Test
    void aReadThatMissesAWriteAcknowledgedBeforeItBeganIsStale() {
        put(0, "old", 201, 0, 10);
        put(1, "new", 201, 20, 30);
        Operation stale = get(2, Operation.Kind.GET, 0, "old", 40, 50);
        List<RegisterCheck.Violation> v = RegisterCheck.staleReads(history.operations());
        assertEquals(1, v.size(), v.toString());
        assertEquals(stale.id(), v.get(0).read().id());
        assertTrue(v.get(0).describe().contains("\"new\""), v.get(0).describe());
    }

    @Test
    void readsConcurrentWithAWriteMaySeeEitherValueAndFailedWritesMayOrMayNotShow() {
        put(0, "old", 201, 0, 10);
        put(1, "new", 201, 20, 60);
        get(2, Operation.Kind.GET, 0, "new", 25, 35); // sees the write in flight
        get(3, Operation.Kind.GET, 1, "old", 36, 45); // and a later read does not: quorums allow it
        put(1, "lost", 504, 70, 80); // not acknowledged: may have reached one replica
        get(2, Operation.Kind.GET, 0, "lost", 90, 95);
        get(3, Operation.Kind.GET, 0, "new", 96, 99);
        assertEquals(List.of(), RegisterCheck.staleReads(history.operations()));
    }

    @Test
    void aValueNoRequestWroteOrOneReadBeforeItWasSentIsFlagged() {
        get(0, Operation.Kind.GET, 0, "ghost", 0, 5);
        get(0, Operation.Kind.GET, 0, "future", 6, 8);
        put(1, "future", 201, 10, 20);
        List<RegisterCheck.Violation> v = RegisterCheck.staleReads(history.operations());
        assertEquals(2, v.size(), v.toString());
        assertTrue(v.get(0).why().contains("no request ever wrote"), v.get(0).why());
        assertTrue(
                v.get(1).why().contains("before the request that wrote it"),
                v.get(1).why());
    }

    @Test
    void absentIsFineUntilAnAcknowledgedPutIsNewerThanEveryDelete() {
        get(0, Operation.Kind.GET, 0, null, 0, 5);
        put(1, "v", 201, 10, 20);
        get(0, Operation.Kind.GET, 0, null, 30, 35);
        assertEquals(1, RegisterCheck.staleReads(history.operations()).size());
    }

    @Test
    void onceWritesStoppedEveryNodeMustAnswerTheSame() {
        put(0, "a", 201, 0, 10);
        put(1, "b", 201, 5, 15);
        copiesFrom(100, "b", "b", "a");
        List<RegisterCheck.Violation> v = RegisterCheck.divergentReplicas(history.operations());
        assertEquals(1, v.size(), v.toString());
        assertTrue(v.get(0).why().contains("node 2 answered \"a\""), v.get(0).why());
        String html = Timeline.html("t", history, v);
        assertTrue(html.contains("stroke='#d00' stroke-width='3'") && html.contains("Violations (1)"), html);
    }

    @Test
    void aFailedWriteThatNoLaterWriteOverwroteExcusesDisagreement() {
        put(0, "a", 201, 0, 10);
        put(1, "b", 504, 20, 30);
        copiesFrom(100, "b", "a");
        assertEquals(List.of(), RegisterCheck.divergentReplicas(history.operations()));
        put(0, "c", 201, 110, 120);
        copiesFrom(200, "c", "a");
        assertEquals(
                1,
                RegisterCheck.divergentReplicas(history.operations()).size(),
                "once an acknowledged write follows the failed one, the replicas must agree again");
    }
}
