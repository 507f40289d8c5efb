package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.SessionParts;

@Mutant(
        stage = 1,
        sentences = "s1-values-bytes",
        breaks = "the request body limit is raised to only 1 MiB: larger values get 413",
        caughtBy = "course.hidden.stage1.LargeValuesTest#valuesUpToFourMebibytesRoundTrip")
public final class BodyLimitOneMebibyte extends SessionMutant {
    @Override
    protected HttpSession session(Socket socket, HttpServer server, SessionParts parts) {
        return new OneNioSession(socket, server, 1 << 20);
    }
}
