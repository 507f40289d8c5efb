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

    /**
     * A large body's room is reserved here, not when the write finds the socket full: checking now and counting later
     * let two workers answering at once both take the last room (three 16 MiB answers held against a 32 MiB budget).
     */
    @Override
    public Admission admit(Response response, boolean withBody) {
        if (!sendsLargeBody(response, withBody)) {
            return Admission.unreserved(response, withBody);
        }
        QueuedBody body = QueuedBody.of(response);
        long footprint = HeapFootprint.ofArray(body.array().length);
        if (unsent.tryReserve(footprint)) {
            return new Admission(response, true, footprint);
        }
        Response busy = Responses.text(Response.SERVICE_UNAVAILABLE, unsent.busyReason(body.length()));
        busy.addHeader("Retry-After: 1");
        return Admission.unreserved(busy, true);
    }

    @Override
    public void write(CourseSession session, Admission admitted) throws IOException {
        Response response = admitted.answer();
        if (!sendsLargeBody(response, admitted.withBody())) {
            HeldBytes whole = new HeldBytes(response.toBytes(admitted.withBody()), unsent, 0);
            session.write(whole);
            whole.holdIfQueued();
            return;
        }
        HeldBytes head = new HeldBytes(response.toBytes(false), unsent, 0);
        QueuedBody body = QueuedBody.of(response);
        HeldBytes rest = new HeldBytes(body.array(), body.offset(), body.length(), unsent, admitted.reservedBytes());
        head.append(rest);
        session.write(head); // if the connection is gone, one-nio releases both, and the reservation with them
        head.holdIfQueued();
        rest.holdIfQueued();
    }

    /** Whether the answer goes out with a body large enough to be queued on its own and held for a slow client. */
    private static boolean sendsLargeBody(Response response, boolean withBody) {
        return withBody && QueuedBody.of(response).length() >= LARGE_BYTES;
    }

    /**
     * An answer's body as it is queued: {@code array[offset, offset + length)}, the whole array being what stays in
     * memory. A {@link SlicedAnswer}'s is a part of its array, taken without the copy its {@code getBody} makes.
     */
    // A view of the answer's own array for the next few lines, never compared or hashed.
    @SuppressWarnings("ArrayRecordComponent")
    private record QueuedBody(byte[] array, int offset, int length) {
        private static final byte[] NONE = new byte[0];

        static QueuedBody of(Response response) {
            if (response instanceof SlicedAnswer sliced) {
                return new QueuedBody(sliced.array(), sliced.offset(), sliced.length());
            }
            byte[] body = response.getBody();
            return body == null ? new QueuedBody(NONE, 0, 0) : new QueuedBody(body, 0, body.length);
        }
    }
}
