package solutions.stage2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;

import course.contract.Service;
import course.contract.ServiceConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solutions.stage1.TestHttp;
import solutions.stage1.TestHttp.Answer;

/**
 * The reference's worker pool where its behaviour is its own choice within the statement: the reasons in its 503s,
 * answering (not dropping) queued requests at stop, and interrupting a handler still running after the grace period.
 */
class WorkerPoolTest {
    @TempDir
    Path dir;

    @Test
    void aFullQueueOfEveryKindIsAnswered503SayingItIsOverloaded() throws Exception {
        for (String queue : new String[] {"array", "fifo", "lifo"}) {
            Service node = start(Map.of(
                    "course.workers",
                    "1",
                    "course.queueCapacity",
                    "1",
                    "course.queue",
                    queue,
                    "course.handlerDelayMillis",
                    "800",
                    "course.deadlineMillis",
                    "60000"));
            try (Socket first = send("a");
                    Socket second = send("b");
                    Socket third = send("c")) {
                Answer[] answers = {read(first), read(second), read(third)};
                long overloaded = Arrays.stream(answers)
                        .filter(a -> a.status() == 503 && a.body().contains("overloaded"))
                        .count();
                assertEquals(
                        1,
                        overloaded,
                        "-Dcourse.queue=" + queue + ", one worker and one place in the queue:"
                                + " the third request is overloaded; " + Arrays.toString(answers));
            } finally {
                node.stop();
            }
        }
    }

    @Test
    void stopAnswersQueuedRequests503AndInterruptsAHandlerPastTheGracePeriod() throws Exception {
        Service node = start(Map.of(
                "course.workers",
                "1",
                "course.queueCapacity",
                "4",
                "course.handlerDelayMillis",
                "60000",
                "course.deadlineMillis",
                "120000"));
        try (Socket running = send("running")) {
            Thread.sleep(300); // with the worker
            try (Socket queued = send("queued")) {
                Thread.sleep(300);
                long started = System.nanoTime();
                CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> {
                    try {
                        node.stop();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                Answer answer = read(queued);
                assertEquals(503, answer.status(), "a queued request at stop: " + answer);
                assertTrue(answer.body().contains("stopping"), answer.toString());
                answer = read(running);
                assertEquals(503, answer.status(), "a handler still sleeping after the grace period: " + answer);
                assertTrue(answer.body().contains("stopping"), answer.toString());
                stopping.get(20, TimeUnit.SECONDS);
                long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                assertTrue(tookMillis < 15_000, "stop took " + tookMillis + " ms with a 60-s handler delay");
            }
        } finally {
            node.stop();
        }
    }

    private int port;

    private Service start(Map<String, String> settings) throws IOException {
        port = TestHttp.freePort();
        settings.forEach(System::setProperty);
        try {
            Service node = new Stage2Factory().create(ServiceConfig.single(port, dir));
            node.start();
            return node;
        } finally {
            settings.keySet().forEach(System::clearProperty); // read at start only
        }
    }

    private Socket send(String id) throws IOException {
        Socket s = connect(port);
        s.setSoTimeout(20_000);
        s.getOutputStream().write(ascii("GET /v0/entity?id=" + id + " HTTP/1.1\r\nHost: x\r\n\r\n"));
        s.getOutputStream().flush();
        return s;
    }

    private static Answer read(Socket s) throws IOException {
        return Answer.read(s.getInputStream());
    }
}
