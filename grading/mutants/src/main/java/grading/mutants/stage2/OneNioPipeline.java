package grading.mutants.stage2;

import grading.mutants.Mutant;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.SessionParts;

@Mutant(
        stage = 2,
        sentences = {"s2-close-nothing-after", "s1-connection-close"},
        breaks = "one-nio's own session behind the workers (its body limit raised to 16 MiB): after an answer"
                + " that closes the connection it still hands the next pipelined request to a worker, so a PUT sent after"
                + " 'Connection: close' is stored",
        caughtBy = "course.tests.stage1.AnswerOrderTest#nothingAfterARequestThatEndsTheConnectionIsHandled")
public final class OneNioPipeline extends SessionMutant {
    @Override
    protected HttpSession session(Socket socket, HttpServer server, SessionParts parts) {
        return new HttpSession(socket, server) {
            @Override
            protected int getMaxRequestBodyLength() {
                return 16 << 20;
            }
        };
    }
}
