package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.BudgetWait.awaitReserved;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.awaitSent;
import static solutions.stage1.TestHttp.connect;
import static solutions.stage1.TestHttp.sendZeros;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import one.nio.http.HttpServerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import solutions.stage1.HeldAnswersServer.Held;
import solutions.stage1.TestHttp.Answer;

/**
 * The session's pipeline when answers come from another thread, later: what stage 2's workers do to it, shown on stage
 * 1's session alone (the public pipelining test needs stage 2's node). Answers leave in order, a request that ends
 * the connection ends the pipeline, a full pipeline stops reading, and a connection that goes away gives back what its
 * waiting requests hold.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a blocked socket write ignores interrupts
class CourseSessionPipelineTest {
    private static final int KIB = 1 << 10;

    private HeldAnswersServer server;
    private int port;

    private void start(HttpServerConfig config) throws Exception {
        server = new HeldAnswersServer(config);
        server.start();
    }

    private void start() throws Exception {
        port = TestHttp.freePort();
        start(SyncHttpServer.config(port));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop();
        }
    }

    private static String get(int n) {
        return "GET " + HeldAnswersServer.PATH + "?n=" + n + " HTTP/1.1\r\nHost: x\r\n\r\n";
    }

    @Test
    void answersGivenLaterFromAnotherThreadLeaveInTheOrderOfTheirRequests() throws Exception {
        start();
        try (Socket s = connect(port)) {
            StringBuilder requests = new StringBuilder();
            for (int n = 0; n < 50; n++) {
                requests.append(get(n));
            }
            s.getOutputStream().write(ascii(requests.toString()));
            for (int n = 0; n < 50; n++) {
                assertEquals(String.valueOf(n), server.answerNext(), "the server is given the requests in order");
            }
            InputStream in = s.getInputStream();
            for (int n = 0; n < 50; n++) {
                Answer a = Answer.read(in);
                assertEquals(n + "", a.body().strip(), "answer " + n + ": " + a);
                assertTrue(a.head().contains("connection: keep-alive"), "the connection goes on: " + a);
            }
            s.getOutputStream().write(ascii(get(50)));
            server.answerNext();
            assertEquals("50", Answer.read(in).body().strip(), "the connection is read again once all is answered");
        }
        assertEquals(51, server.getRequestsProcessed(), "every answer counts in one-nio's statistics");
    }

    @Test
    void aRequestThatEndsTheConnectionIsAnsweredLastAndNothingAfterItReachesTheServer() throws Exception {
        start();
        try (Socket s = connect(port)) {
            String closing = get(1).replace("Host: x\r\n", "Host: x\r\nConnection: close\r\n");
            s.getOutputStream().write(ascii(get(0) + closing + get(2)));
            assertEquals("0", server.answerNext());
            assertEquals("1", server.answerNext());
            assertNull(server.next(300), "a request after Connection: close is never handled (RFC 9112 9.6)");
            InputStream in = s.getInputStream();
            Answer first = Answer.read(in);
            assertTrue(first.head().contains("connection: keep-alive"), first.toString());
            Answer last = Answer.read(in);
            assertEquals("1", last.body().strip(), last.toString());
            assertTrue(last.head().contains("connection: close"), "the last answer says it is the last: " + last);
            assertEquals(-1, in.read(), "the connection ends after the answer to Connection: close");
        }
    }

    @Test
    void bytesAfterARequestThatEndsTheConnectionDoNotCloseItBeforeTheAnswer() throws Exception {
        start();
        try (Socket s = connect(port)) {
            OutputStream out = s.getOutputStream();
            out.write(ascii(get(7).replace("Host: x\r\n", "Host: x\r\nConnection: close\r\n")));
            Held held = server.next(5_000);
            out.write(ascii("whatever the client sends next is ignored\r\n"));
            out.flush();
            Thread.sleep(300); // the session reads those bytes while the answer is still being made
            server.answer(held);
            Answer a = Answer.read(s.getInputStream());
            assertEquals("7", a.body().strip(), a.toString());
            assertEquals(-1, s.getInputStream().read());
        }
    }

    @Test
    void aClientThatStopsSendingGetsEveryAnswerBeforeTheClose() throws Exception {
        start();
        try (Socket s = connect(port)) {
            s.getOutputStream().write(ascii(get(0) + get(1) + get(2)));
            s.shutdownOutput();
            Thread.sleep(200); // the session sees the end of the client's stream while the requests wait
            for (int n = 0; n < 3; n++) {
                server.answerNext();
            }
            InputStream in = s.getInputStream();
            for (int n = 0; n < 3; n++) {
                assertEquals(n + "", Answer.read(in).body().strip());
            }
            assertEquals(-1, in.read(), "the connection closes once everything the client sent is answered");
        }
    }

    @Test
    void bytesThatAreNoRequestAreRefusedInTheirTurnAfterTheAnswerBeforeThem() throws Exception {
        start();
        try (Socket s = connect(port)) {
            s.getOutputStream().write(ascii(get(0) + "NOT A REQUEST\r\n\r\n"));
            Held held = server.next(5_000);
            Thread.sleep(200);
            server.answer(held);
            InputStream in = s.getInputStream();
            assertEquals("0", Answer.read(in).body().strip(), "the answer before the refusal comes first");
            Answer refused = Answer.read(in);
            assertEquals(400, refused.status(), refused.toString());
            assertEquals(-1, in.read(), "nobody can tell where a next request would start: the connection ends");
        }
    }

    @Test
    void aTooLargeBodyBehindAnAnswerStillBeingMadeIs413InItsTurnAndTheRestIsReadAndDropped() throws Exception {
        start();
        int size = Framing.MAX_BODY_BYTES + KIB * KIB;
        try (Socket s = connect(port)) {
            OutputStream out = s.getOutputStream();
            out.write(ascii(get(0)));
            Held held = server.next(5_000);
            out.write(ascii("PUT " + HeldAnswersServer.PATH + "?n=1 HTTP/1.1\r\nHost: x\r\nContent-Length: " + size
                    + "\r\n\r\n"));
            out.flush();
            Thread.sleep(200); // the session reads the head and refuses the body while the GET is with the server
            server.answer(held); // from this thread: the refusal's answer, and the linger, start here
            CompletableFuture<Void> sent = sendZeros(out, new byte[0], size);
            InputStream in = s.getInputStream();
            assertEquals("0", Answer.read(in).body().strip());
            assertEquals(413, Answer.read(in).status());
            awaitSent(sent, "the session stopped reading the refused body: the client cannot finish it");
            assertEquals(-1, in.read(), "the connection ends once the refused body is read");
        }
    }

    @Test
    void aRequestWithTheServerLongerThanTheIdleTimeoutIsNotClosedAsIdle() throws Exception {
        System.setProperty(Timeouts.IDLE_PROPERTY, "1500"); // read as the server is made
        try {
            start();
        } finally {
            System.clearProperty(Timeouts.IDLE_PROPERTY);
        }
        try (Socket s = connect(port)) {
            s.getOutputStream().write(ascii(get(0)));
            Held held = server.next(5_000);
            Thread.sleep(3_500); // the idle timeout and two of the cleanup's rounds: the connection is busy, not idle
            server.answer(held);
            assertEquals("0", Answer.read(s.getInputStream()).body().strip(), "the answer of a slow request");
        }
    }

    @Test
    void aRequestIsReadWhileTheOneBeforeItIsWithTheServer() throws Exception {
        start();
        ByteBudget bodies = ByteBudget.requestBodies();
        long baseline = bodies.reservedBytes();
        try (Socket s = connect(port)) {
            OutputStream out = s.getOutputStream();
            out.write(ascii(get(0)));
            Held held = server.next(5_000);
            out.write(ascii("PUT " + HeldAnswersServer.PATH + "?n=1 HTTP/1.1\r\nHost: x\r\nContent-Length: " + KIB * KIB
                    + "\r\n\r\n"));
            out.write(new byte[KIB * KIB]);
            out.flush();
            awaitReserved(bodies, baseline + HeapFootprint.ofArray(KIB * KIB), "the next request's body is read");
            server.answer(held);
            assertEquals("1", server.answerNext());
            Answer.read(s.getInputStream());
            assertEquals("1", Answer.read(s.getInputStream()).body().strip());
        }
        awaitReserved(bodies, baseline, "an answered request gives its body back");
    }

    @Test
    void aFullPipelineIsNotReadFromUntilHalfOfItIsAnswered() throws Exception {
        port = TestHttp.freePort();
        HttpServerConfig config = SyncHttpServer.config(port);
        config.acceptors[0].recvBuf = 8 * KIB; // kernel buffers that hold a few hundred requests, not thousands
        start(config);
        int count = 5_000; // about 220 KiB of requests: far more than the session reads at once and the kernel holds
        try (Socket s = connect(port)) {
            s.setSendBufferSize(8 * KIB);
            OutputStream out = s.getOutputStream();
            CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
                try {
                    for (int n = 0; n < count; n++) {
                        out.write(ascii(get(n)));
                    }
                    out.flush();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Held head = server.next(5_000);
            Thread.sleep(1_000);
            assertFalse(
                    sent.isDone(),
                    "with " + CourseSession.PIPELINE_LIMIT + " requests waiting the session must stop reading, so the"
                            + " client's writes block (TCP flow control) instead of every request piling up in memory");
            CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> {
                try {
                    InputStream in = s.getInputStream();
                    for (int n = 0; n < count; n++) {
                        Answer a = Answer.read(in);
                        if (!a.body().strip().equals(n + "")) {
                            return n;
                        }
                    }
                    return count;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            server.answer(head);
            for (int n = 1; n < count; n++) {
                assertEquals(n + "", server.answerNext(), "request " + n);
            }
            sent.get(10, TimeUnit.SECONDS);
            assertEquals(count, read.get(10, TimeUnit.SECONDS), "answers in order up to this one");
        }
    }

    @Test
    void readingStopsAtExactly256WaitingRequestsAndResumesWhenHalfOfThemAreAnswered() throws Exception {
        start();
        ByteBudget bodies = ByteBudget.requestBodies();
        long baseline = bodies.reservedBytes();
        long putHolds = HeapFootprint.ofArray(KIB * KIB);
        int limit = CourseSession.PIPELINE_LIMIT;
        try (Socket s = connect(port)) {
            OutputStream out = s.getOutputStream();
            StringBuilder requests = new StringBuilder();
            for (int n = 0; n < limit; n++) {
                requests.append(get(n));
            }
            out.write(ascii(requests.toString()));
            out.flush();
            Held head = server.next(5_000);
            Thread.sleep(300); // all of them read: the pipeline is full
            // The next request's body is reserved as soon as its head is read: the reservation shows whether it was.
            CompletableFuture<Void> put = CompletableFuture.runAsync(() -> {
                try {
                    out.write(ascii("PUT " + HeldAnswersServer.PATH + "?n=" + limit
                            + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + KIB * KIB + "\r\n\r\n"));
                    out.write(new byte[KIB * KIB]);
                    out.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            Thread.sleep(500);
            assertEquals(baseline, bodies.reservedBytes(), "with " + limit + " requests waiting nothing more is read");
            server.answer(head);
            for (int n = 1; n < limit / 2 - 1; n++) {
                server.answerNext();
            }
            Thread.sleep(500);
            assertEquals(
                    baseline,
                    bodies.reservedBytes(),
                    "with " + (limit / 2 + 1) + " requests waiting the session still does not read");
            server.answerNext();
            awaitReserved(bodies, baseline + putHolds, "with " + limit / 2 + " waiting the session reads again");
            for (int n = limit / 2; n <= limit; n++) {
                assertEquals(n + "", server.answerNext());
            }
            put.get(10, TimeUnit.SECONDS);
            InputStream in = s.getInputStream();
            for (int n = 0; n <= limit; n++) {
                assertEquals(n + "", Answer.read(in).body().strip());
            }
        }
    }

    @Test
    void aConnectionThatGoesAwayGivesBackWhatItsWaitingRequestsHold() throws Exception {
        start();
        ByteBudget bodies = ByteBudget.requestBodies();
        long baseline = bodies.reservedBytes();
        int size = 256 * KIB;
        try (Socket s = connect(port)) {
            OutputStream out = s.getOutputStream();
            out.write(ascii(get(0)));
            Held held = server.next(5_000);
            for (int n = 1; n <= 3; n++) {
                out.write(ascii("PUT " + HeldAnswersServer.PATH + "?n=" + n + " HTTP/1.1\r\nHost: x\r\nContent-Length: "
                        + size + "\r\n\r\n"));
                out.write(new byte[size]);
            }
            out.flush();
            awaitReserved(bodies, baseline + 3 * HeapFootprint.ofArray(size), "three waiting bodies are held");
            s.setSoLinger(true, 0); // a reset: the session learns at once that the client is gone
            s.close();
            awaitReserved(bodies, baseline, "a connection that went away holds nothing");
            server.answer(held);
            assertNull(server.next(300), "no request of a closed connection reaches the server");
        }
    }
}
