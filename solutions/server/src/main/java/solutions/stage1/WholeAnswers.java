package solutions.stage1;

import java.io.IOException;
import one.nio.http.Response;

/**
 * Writes an answer whole: its headers, then its body as it is in memory. A large body is queued as it is rather than
 * copied behind the headers (one-nio's {@code toBytes} would copy it, so each answer to a slow reader would cost
 * twice its size). Large answers are admitted only while the budget for unsent answers has room: without it, 16
 * clients that GET a 4 MiB value and do not read it filled a 128 MiB heap.
 */
public final class WholeAnswers implements AnswerWriter {
    /** Answers smaller than this are one array (one write, one packet) and always admitted: errors must get out. */
    static final int LARGE_BYTES = 64 << 10;

    private final ByteBudget unsent;

    public WholeAnswers(ByteBudget unsent) {
        this.unsent = unsent;
    }

    @Override
    public Response admit(Response response) {
        byte[] body = response.getBody();
        if (body == null || body.length < LARGE_BYTES || unsent.fitsNow(HeapFootprint.ofArray(body.length))) {
            return response;
        }
        Response busy = Responses.text(Response.SERVICE_UNAVAILABLE, unsent.busyReason(body.length));
        busy.addHeader("Retry-After: 1");
        return busy;
    }

    @Override
    public void write(CourseSession session, Response response, boolean includeBody) throws IOException {
        byte[] body = response.getBody();
        if (!includeBody || body == null || body.length < LARGE_BYTES) {
            HeldBytes whole = new HeldBytes(response.toBytes(includeBody), unsent);
            session.write(whole);
            whole.holdIfQueued();
            return;
        }
        HeldBytes head = new HeldBytes(response.toBytes(false), unsent);
        HeldBytes rest = new HeldBytes(body, unsent);
        head.append(rest);
        session.write(head);
        head.holdIfQueued();
        rest.holdIfQueued();
    }
}
