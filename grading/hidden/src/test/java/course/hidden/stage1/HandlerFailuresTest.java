package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import course.tests.stage1.RawHttp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Statement, "A request your handler fails on": an exception in the handler is a 500 for that request alone, and the
 * connection and the node go on. A black-box test cannot make a correct handler throw, so it sends what realistic
 * handlers do throw on while the statement gives them a plain answer: a query parameter without a value and an empty
 * one (a hand-written parser's {@code pair.split("=")[1]}), and a PUT of an empty value (one-nio's body is then
 * null). Each must be answered, with its answer or a 500, on the one connection, which must then serve a plain GET;
 * a handler's exception that one-nio is left to deal with closes the connection without an answer (from stage 2 on,
 * one that escapes a worker's task leaves the client waiting).
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class HandlerFailuresTest {
    private static final int TIMEOUT_MILLIS = 10_000;

    /** A request, the status it must get (or 500 if the handler fails) and the body a 200 must have. */
    private record Step(String request, int status, String body) {}

    @Test
    @Checks({"s1-handler-500", "s1-query-shapes", "c-requests-answered", "s2-handler-500"})
    void requestsAHandlerMayFailOnAreAnsweredAndTheConnectionGoesOn(Cluster cluster) throws Exception {
        cluster.client().put(0, "k", "the value").assertStatus(201);
        Step[] steps = {
            new Step(get("/v0/entity?debug&id=k"), 200, "the value"),
            new Step(get("/v0/entity?&id=k"), 200, "the value"),
            new Step("PUT /v0/entity?id=empty HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n", 201, null),
            new Step(get("/v0/entity?id=empty"), 200, ""),
        };
        try (Socket socket = RawHttp.connect(cluster.url(0), TIMEOUT_MILLIS)) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            for (Step step : steps) {
                RawHttp.Answer answer = exchange(in, out, step.request(), "");
                if (answer.status() != step.status() && answer.status() != 500) {
                    fail(firstLine(step.request()) + " got " + answer.status() + " " + answer.body() + ", expected "
                            + step.status() + " (or 500, if the handler failed on it)");
                }
                if (answer.status() == 200) {
                    assertEquals(step.body(), answer.body(), firstLine(step.request()));
                }
            }
            RawHttp.Answer plain = exchange(in, out, get("/v0/entity?id=k"), " after the requests above");
            assertEquals(200, plain.status(), "a plain GET on the same connection: " + plain.body());
            assertEquals("the value", plain.body(), "a plain GET on the same connection");
        }
        cluster.client().get(0, "k").assertBody(200, "the value");
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    }

    private static String firstLine(String request) {
        return request.substring(0, request.indexOf('\r'));
    }

    /** Sends one request and reads its answer; a closed connection or a silent node fails the test, saying which. */
    private static RawHttp.Answer exchange(InputStream in, OutputStream out, String request, String when)
            throws IOException {
        String what = firstLine(request) + when;
        String status;
        try {
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            status = RawHttp.readLine(in);
        } catch (SocketTimeoutException e) {
            throw new AssertionError(
                    "no answer to " + what + " within " + TIMEOUT_MILLIS + " ms: an exception in "
                            + "a worker's task must still answer 500 (the client otherwise waits forever)",
                    e);
        } catch (IOException e) {
            throw new AssertionError(
                    "the connection failed at " + what + " (" + e + "): answer 500 when the "
                            + "handler throws, and keep the connection",
                    e);
        }
        if (status == null) {
            throw new AssertionError("the node closed the connection without answering " + what + ": catch what your"
                    + " handler throws and answer 500 (one-nio closes the connection of a handleRequest that threw)");
        }
        return RawHttp.answerAfter(status, in);
    }
}
