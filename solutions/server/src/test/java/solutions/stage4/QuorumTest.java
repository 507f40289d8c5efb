package solutions.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import one.nio.http.Request;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;
import solutions.stage3.PeerClient;

/**
 * What the coordinator answers from its replicas' answers: the records it keeps and lets go of (their memory), a 503
 * when every replica that failed said "retry later", a 504 otherwise, and a reason that names each replica that
 * failed and each that has not answered, never one that succeeded.
 */
class QuorumTest {
    private static final List<String> NODES = List.of("http://a", "http://b", "http://c");

    private static EncodedRecord value(long timestamp, String v) {
        return EncodedRecord.of(new Record(timestamp, v.getBytes(StandardCharsets.UTF_8)).encode());
    }

    private static String body(Response r) {
        return new String(r.getBody(), StandardCharsets.UTF_8);
    }

    @Test
    void addReturnsTheRecordItLetsGoOfAndKeepsTheNewest() {
        Quorum q = new Quorum(new ReplicaCount(3, 3));
        EncodedRecord old = value(1, "old");
        EncodedRecord newer = value(2, "new");
        EncodedRecord older = value(0, "older");
        assertNull(q.add(Quorum.Answer.success("http://a", old)), "nothing to let go of yet");
        assertSame(old, q.add(Quorum.Answer.success("http://b", newer)), "the older record goes when a newer comes");
        assertSame(older, q.add(Quorum.Answer.success("http://c", older)), "a record older than the kept one goes");
        assertSame(newer, q.newest());
        EncodedRecord late = value(9, "late");
        assertSame(late, q.add(Quorum.Answer.success("http://a", late)), "an answer after the decision is let go of");
        assertSame(newer, q.newest(), "an answer after the decision changes nothing");
    }

    /**
     * The replicas' answers are compared as they came, and the client is answered from the newest one's bytes:
     * decoded on arrival, every answer of a read held a second copy of its value that the budget for answers did not
     * count, and a coordinator with 16 GETs of a 16 MiB value in flight died of OutOfMemoryError (heap dumps: two of
     * its six live 16 MiB arrays were such copies); the client's copy, made beside the record, was the allocation that
     * failed in later ones.
     */
    @Test
    void answersAreComparedAndTheClientIsAnsweredWithoutACopy() {
        int size = 1 << 20;
        byte[] newer = new Record(5, new byte[size]).encode();
        newer[newer.length - 1] = 7;
        byte[] older = new Record(4, new byte[size]).encode();
        Response fromA = new Response(Response.OK, older);
        Response fromB = new Response(Response.OK, newer);
        Quorum q = new Quorum(new ReplicaCount(2, 3));

        long before = AllocatedBytes.ofThisThread();
        assertNull(q.add(Quorum.Answer.of("http://a", null, fromA)), "nothing to let go of yet");
        EncodedRecord letGo = q.add(Quorum.Answer.of("http://b", null, fromB));
        long counting = AllocatedBytes.ofThisThread() - before;
        assertTrue(
                counting < size / 8,
                "counting two answers of a " + size + "-byte value allocated " + counting
                        + " bytes: compare the records in the bytes they came in, copy nothing");
        assertEquals(older.length, letGo.length(), "the older answer is let go of, with the bytes it held");

        before = AllocatedBytes.ofThisThread();
        Response answer = q.clientAnswer(Request.METHOD_GET, NODES);
        long answering = AllocatedBytes.ofThisThread() - before;
        assertEquals(200, answer.getStatus());
        assertEquals(size, answer.getBody().length);
        assertEquals(7, answer.getBody()[size - 1], "the client gets the newer value");
        assertTrue(
                answering < size / 8,
                "the client's answer of a " + size + "-byte value allocated " + answering + " bytes: send it from the"
                        + " record's bytes, without a copy (the copy lived beside the record, uncounted)");
        assertNull(
                q.newest(),
                "once the client's answer is made, the quorum holds no record: a replica answering late keeps the"
                        + " quorum reachable after the coordinator gave the record's room in the budget back");
    }

    /** A quorum of ack=2 of 3 replicas that has had these answers. */
    private static Quorum twoOfThreeAfter(Quorum.Answer... answers) {
        Quorum q = new Quorum(new ReplicaCount(2, 3));
        for (Quorum.Answer answer : answers) {
            q.add(answer);
        }
        return q;
    }

    /** The answer of a replica whose queue is full: it is up and says "retry later". */
    private static Quorum.Answer queueFull(String node) {
        return Quorum.Answer.busy(node, "503 queue full");
    }

    @Test
    void everyFailedReplicaBusyIs503() {
        Quorum q = twoOfThreeAfter(queueFull("http://a"), queueFull("http://b"));
        assertTrue(q.decided().isDone(), "two of three failed: ack=2 can no longer be reached");
        Response r = q.clientAnswer(Request.METHOD_GET, NODES);
        assertEquals(503, r.getStatus(), body(r));
    }

    @Test
    void aReplicaThatHasNotAnsweredMakesThe504OfAQuorumThatCouldNotAnswer() {
        // ack=2 of 3: one success, one busy replica, the third silent. Asked at the deadline, the quorum is one busy
        // failure short of deciding: a silent replica may be down, so 504, not "retry later".
        Quorum q = twoOfThreeAfter(Quorum.Answer.success("http://a", null), queueFull("http://b"));
        assertFalse(q.decided().isDone());
        Response r = q.clientAnswer(Request.METHOD_PUT, NODES);
        assertEquals(504, r.getStatus(), body(r));
    }

    @Test
    void aDownReplicaAmongBusyOnesIs504() {
        Quorum q = twoOfThreeAfter(queueFull("http://a"), Quorum.Answer.failure("http://b", "503 connection refused"));
        Response r = q.clientAnswer(Request.METHOD_PUT, NODES);
        assertEquals(504, r.getStatus(), body(r));
    }

    @Test
    void theReasonNamesEachFailedAndEachSilentReplicaButNoneThatSucceeded() {
        Quorum q = new Quorum(new ReplicaCount(3, 3));
        q.add(Quorum.Answer.success("http://a", null));
        q.add(Quorum.Answer.failure("http://b", " 500 disk on fire \n"));
        String reason = q.shortfall(NODES);
        assertEquals(
                "only 1 of ack=3 replicas answered (from=3)\n  http://b: 500 disk on fire\n  http://c: no answer yet",
                reason);
        assertEquals(reason, body(q.clientAnswer(Request.METHOD_DELETE, NODES)).strip());
    }

    @Test
    void aQuorumAnswersByMethodAndTheNewestRecord() {
        Quorum q = new Quorum(new ReplicaCount(1, 1));
        q.add(Quorum.Answer.success("http://a", value(3, "v")));
        assertEquals(201, q.clientAnswer(Request.METHOD_PUT, NODES).getStatus());
        assertEquals(202, q.clientAnswer(Request.METHOD_DELETE, NODES).getStatus());
        Response get = q.clientAnswer(Request.METHOD_GET, NODES);
        assertEquals(200, get.getStatus());
        assertEquals("v", body(get));
        Quorum deleted = new Quorum(new ReplicaCount(1, 1));
        deleted.add(Quorum.Answer.success(
                "http://a", EncodedRecord.of(Record.tombstone(3).encode())));
        assertEquals(404, deleted.clientAnswer(Request.METHOD_GET, NODES).getStatus());
    }

    @Test
    void aReplicasAnswerIsReadAsTheEndpointGivesIt() {
        Record stored = new Record(7, "stored".getBytes(StandardCharsets.UTF_8));
        Quorum.Answer read = Quorum.Answer.of("http://a", null, new Response(Response.OK, stored.encode()));
        assertTrue(read.succeeded());
        assertEquals(7, read.record().timestamp());
        Quorum.Answer garbled = Quorum.Answer.of("http://a", null, new Response(Response.OK, new byte[] {1, 2}));
        assertNotNull(garbled, "a read answer that is not a record is a failure, not nothing");
        assertFalse(garbled.succeeded(), "a read answer that is not a record is a failure");
        assertTrue(Quorum.Answer.of("http://a", null, new Response(Response.NOT_FOUND, new byte[0]))
                .succeeded());
        assertTrue(Quorum.Answer.of("http://a", stored, new Response(Response.CREATED, new byte[0]))
                .succeeded());
        assertTrue(Quorum.Answer.of("http://a", Record.tombstone(7), new Response(Response.ACCEPTED, new byte[0]))
                .succeeded());
        assertFalse(Quorum.Answer.of("http://a", stored, new Response(Response.ACCEPTED, new byte[0]))
                .succeeded());

        Quorum.Answer busy =
                Quorum.Answer.of("http://a", stored, new Response(Response.SERVICE_UNAVAILABLE, new byte[0]));
        assertTrue(busy.busy(), "a 503 the replica sent itself: it is up and says retry later");
        Response unreachable = new Response(Response.SERVICE_UNAVAILABLE, new byte[0]);
        unreachable.addHeader(PeerClient.UNREACHABLE_HEADER + ": http://a");
        Quorum.Answer down = Quorum.Answer.of("http://a", stored, unreachable);
        assertFalse(down.succeeded());
        assertFalse(down.busy(), "a 503 this node made up for a replica it could not reach: down, not busy");
    }
}
