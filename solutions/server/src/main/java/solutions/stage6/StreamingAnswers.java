package solutions.stage6;

import java.io.IOException;
import one.nio.http.Response;
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
    public Response admit(Response response) {
        return response instanceof ChunkedResponse ? response : whole.admit(response);
    }

    @Override
    public void write(CourseSession session, Response response, boolean includeBody) throws IOException {
        if (!(response instanceof ChunkedResponse chunked)) {
            whole.write(session, response, includeBody);
            return;
        }
        whole.write(session, response, false);
        if (includeBody) {
            session.write(chunked.body());
        } else {
            chunked.body().release();
        }
    }
}
