package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;

/** The answer writer's admission and the accounting of what slow clients hold, without a socket. */
class WholeAnswersTest {
    private static final int MIB = 1 << 20;

    @Test
    void smallAnswersAreAlwaysAdmittedEvenWhenTheBudgetIsSpent() {
        ByteBudget budget = new ByteBudget(MIB, "unsent answers", "test");
        budget.hold(2 * MIB);
        Response small = new Response(Response.OK, new byte[WholeAnswers.LARGE_BYTES - 1]);
        Admission admitted = new WholeAnswers(budget).admit(small, true);
        assertSame(small, admitted.answer(), "errors and small values must always get out");
        assertEquals(0, admitted.reservedBytes(), "a small answer is counted only if it stays queued");
    }

    @Test
    void aLargeAnswerThatDoesNotFitIs503WithRetryAfterAndAReason() {
        ByteBudget budget = new ByteBudget(4 * MIB, "unsent answers", "test");
        budget.hold(3 * MIB);
        Response large = new Response(Response.OK, new byte[2 * MIB]);
        Admission refused = new WholeAnswers(budget).admit(large, true);
        assertEquals(Response.SERVICE_UNAVAILABLE, refused.answer().getHeaders()[0]);
        assertEquals("1", refused.answer().getHeader("Retry-After:"));
        assertEquals(0, refused.reservedBytes(), "a refusal holds nothing");
        String reason = new String(refused.answer().getBody(), StandardCharsets.UTF_8);
        assertTrue(reason.contains("unsent answers") && reason.contains("retry later"), reason);
        budget.release(3 * MIB);
        assertSame(large, new WholeAnswers(budget).admit(large, true).answer(), "once the slow clients left, it fits");
    }

    @Test
    void aLargeAnswerIsReservedWhenAdmittedSoTheNextFindsTheRoomTaken() {
        long footprint = HeapFootprint.ofArray(2 * MIB);
        ByteBudget budget = new ByteBudget(footprint + MIB, "unsent answers", "test");
        WholeAnswers writer = new WholeAnswers(budget);
        Admission first = writer.admit(new Response(Response.OK, new byte[2 * MIB]), true);
        assertEquals(footprint, first.reservedBytes());
        assertEquals(footprint, budget.reservedBytes(), "reserved before anything is written");
        Admission second = writer.admit(new Response(Response.OK, new byte[2 * MIB]), true);
        assertEquals(
                Response.SERVICE_UNAVAILABLE,
                second.answer().getHeaders()[0],
                "the first answer, admitted and not written yet, took the room");
    }

    @Test
    void answersAdmittedAtTheSameMomentFitTheBudgetTogether() throws Exception {
        long footprint = HeapFootprint.ofArray(4 * MIB);
        ByteBudget budget = new ByteBudget(3 * footprint, "unsent answers", "test");
        WholeAnswers writer = new WholeAnswers(budget);
        int threads = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Admission>> admissions = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                admissions.add(pool.submit(() -> {
                    start.await();
                    return writer.admit(new Response(Response.OK, new byte[4 * MIB]), true);
                }));
            }
            start.countDown();
            int admitted = 0;
            for (Future<Admission> a : admissions) {
                admitted += a.get(10, TimeUnit.SECONDS).reservedBytes() > 0 ? 1 : 0;
            }
            assertEquals(3, admitted, "exactly as many as fit, however the threads interleave");
            assertEquals(3 * footprint, budget.reservedBytes());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aHeadAnswerReservesNothingForTheBodyItDoesNotSend() {
        ByteBudget budget = new ByteBudget(MIB, "unsent answers", "test");
        Response large = new Response(Response.OK, new byte[4 * MIB]);
        Admission head = new WholeAnswers(budget).admit(large, false);
        assertSame(large, head.answer(), "a HEAD answer is headers only: it always fits");
        assertEquals(0, budget.reservedBytes());
    }

    @Test
    void aReservedBodyHoldsItsReservationUntilReleasedOnce() {
        ByteBudget budget = new ByteBudget(64 * MIB, "unsent answers", "test");
        long footprint = HeapFootprint.ofArray(2 * MIB);
        assertTrue(budget.tryReserve(footprint));
        HeldBytes body = new HeldBytes(new byte[2 * MIB], budget, footprint);
        body.holdIfQueued();
        assertEquals(footprint, budget.reservedBytes(), "held once: the admission's reservation");
        assertGivenBackOnce(body, budget);
    }

    @Test
    void bytesLeftInTheQueueAreHeldAtTheirHeapFootprintUntilReleasedOnce() {
        ByteBudget budget = new ByteBudget(64 * MIB, "unsent answers", "test");
        HeldBytes queued = new HeldBytes(new byte[2 * MIB], budget, 0);
        queued.holdIfQueued();
        assertEquals(HeapFootprint.ofArray(2 * MIB), budget.reservedBytes(), "nothing was written yet: all held");
        queued.holdIfQueued();
        assertEquals(HeapFootprint.ofArray(2 * MIB), budget.reservedBytes(), "held once");
        assertGivenBackOnce(queued, budget);
    }

    /** Releases {@code held} twice: the bytes are given back once, and a second release gives nothing more back. */
    private static void assertGivenBackOnce(HeldBytes held, ByteBudget budget) {
        held.release();
        held.release();
        assertEquals(0, budget.reservedBytes(), "given back once, when written or dropped");
    }

    @Test
    void bytesReleasedBeforeTheyWereHeldAreNeverHeld() {
        ByteBudget budget = new ByteBudget(64 * MIB, "unsent answers", "test");
        HeldBytes dropped = new HeldBytes(new byte[MIB], budget, 0);
        dropped.release(); // the connection closed while the write was being queued
        dropped.holdIfQueued();
        assertEquals(0, budget.reservedBytes());
    }
}
