package solutions.stage5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;

/** Stage 5's deferral part: a pending answer is delivered once, when its future completes, whichever way. */
class PendingAnswersTest {
    private final List<Response> delivered = new ArrayList<>();

    @Test
    void anAnswerThatIsNotPendingIsNotDeferred() {
        assertFalse(new PendingAnswers().defer(Response.ok(new byte[0]), delivered::add));
        assertTrue(delivered.isEmpty());
    }

    @Test
    void aPendingAnswerIsDeliveredWhenItsFutureCompletes() {
        CompletableFuture<Response> future = new CompletableFuture<>();
        assertTrue(new PendingAnswers().defer(new PendingResponse(future), delivered::add));
        assertTrue(delivered.isEmpty(), "nothing is delivered before the future completes");
        Response done = Response.ok("v".getBytes(StandardCharsets.UTF_8));
        future.complete(done);
        assertEquals(1, delivered.size());
        assertSame(done, delivered.get(0));
    }

    @Test
    void aFailedFutureIsDeliveredAs500WithTheReason() {
        CompletableFuture<Response> future = new CompletableFuture<>();
        new PendingAnswers().defer(new PendingResponse(future), delivered::add);
        future.completeExceptionally(new IllegalStateException("replica lost"));
        assertEquals(Response.INTERNAL_ERROR, delivered.get(0).getHeaders()[0]);
        assertTrue(new String(delivered.get(0).getBody(), StandardCharsets.UTF_8).contains("replica lost"));
    }
}
