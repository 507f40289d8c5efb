package solutions.stage1;

import java.io.IOException;
import one.nio.http.Response;

/** How the session puts one answer on its connection's write queue: whole ({@link WholeAnswers}) or streamed. */
public interface AnswerWriter {
    /**
     * Clears {@code response} to be written, reserving the memory a slow client would make the node hold for it; when
     * the node cannot afford that now, the admission carries a 503 with the reason instead. Every admission must be
     * passed to {@link #write}, which gives its reservation back.
     */
    Admission admit(Response response, boolean withBody);

    /** Queues the admitted answer's bytes on {@code session}. */
    void write(CourseSession session, Admission admitted) throws IOException;
}
