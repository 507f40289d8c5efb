package grading.mutants.stage2;

import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Response;
import one.nio.net.Socket;
import solutions.stage1.CourseSession;
import solutions.stage1.SessionParts;

@Mutant(
        stage = 2,
        sentences = {"s2-refusal-waits", "s1-pipelined-order"},
        breaks = "a request the session refuses is answered at once, as one-nio's sendError does: the answer a"
                + " worker is still computing for the request before it is lost, though its write was stored",
        caughtBy = "course.tests.stage1.AnswerOrderTest#aRefusedRequestIsAnsweredAfterTheAnswerToTheRequestBeforeIt")
public final class RefusalsOvertakeAnswers extends SessionMutant {
    @Override
    protected HttpSession session(Socket socket, HttpServer server, SessionParts parts) {
        return new CourseSession(socket, server, parts) {
            @Override
            protected void refuse(Response answer) throws IOException {
                answer.addHeader("Connection: close");
                byte[] bytes = answer.toBytes(true);
                write(bytes, 0, bytes.length);
                scheduleClose();
            }
        };
    }
}
