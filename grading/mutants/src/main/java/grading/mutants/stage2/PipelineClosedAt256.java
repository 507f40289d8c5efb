package grading.mutants.stage2;

import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.CourseSession;
import solutions.stage1.SessionParts;

@Mutant(
        stage = 2,
        sentences = "s2-pipelining",
        breaks = "one-nio's pipeline limit: the 258th pipelined request closes the connection and every"
                + " request in flight goes unanswered",
        caughtBy = "course.tests.stage2.PipeliningTest#twoThousandPipelinedRequestsAreAllAnsweredInOrder")
public final class PipelineClosedAt256 extends SessionMutant {
    @Override
    protected HttpSession session(Socket socket, HttpServer server, SessionParts parts) {
        return new CourseSession(socket, server, parts) {
            @Override
            protected void pauseReading() throws IOException {
                throw new IOException("Pipeline length exceeded"); // one-nio's own answer to a full pipeline
            }
        };
    }
}
