package solutions.stage6;

import java.io.IOException;
import one.nio.http.Response;
import solutions.stage1.Admission;
import solutions.stage1.AnswerWriter;
import solutions.stage1.CourseSession;

/**
 * Stage 6's answer writer: a {@link ChunkedResponse}'s headers go out as usual, then its body is queued behind them as
 * one item that produces bytes only when the socket can take them. Other answers are written as before.
 */
final class StreamingAnswers implements AnswerWriter {
    private final AnswerWriter whole;

    StreamingAnswers(AnswerWriter whole) {
        this.whole = whole;
    }

    @Override
    public Admission admit(Response response, boolean withBody) {
        return response instanceof ChunkedResponse
                ? Admission.unreserved(response, withBody)
                : whole.admit(response, withBody);
    }

    @Override
    public void write(CourseSession session, Admission admitted) throws IOException {
        if (!(admitted.answer() instanceof ChunkedResponse chunked)) {
            whole.write(session, admitted);
            return;
        }
        whole.write(session, Admission.unreserved(chunked, false));
        if (admitted.withBody()) {
            session.write(chunked.body());
        } else {
            chunked.body().release();
        }
    }
}
