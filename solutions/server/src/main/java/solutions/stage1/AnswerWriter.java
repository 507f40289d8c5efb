package solutions.stage1;

import java.io.IOException;
import one.nio.http.Response;

/** How the session puts one answer on its connection's write queue: whole ({@link WholeAnswers}) or streamed. */
public interface AnswerWriter {
    /**
     * The answer to write instead of {@code response}, when the node cannot afford to hold it for a slow client now
     * (a 503 with the reason); else {@code response} itself.
     */
    Response admit(Response response);

    /** Queues the answer's bytes on {@code session} ({@code includeBody} is false for HEAD). */
    void write(CourseSession session, Response response, boolean includeBody) throws IOException;
}
