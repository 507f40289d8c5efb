package solutions.stage2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage1.Stage1Node;
import solutions.stage1.TestHttp;
import solutions.stage1.TestHttp.Answer;

/**
 * The statements' "a request your handler fails on is a 500": an unchecked exception in the handler, on the selector
 * (stage 1) or on a worker (stage 2), is answered 500 naming it, and the same connection serves the next request. The
 * hidden tests cannot make the reference's handler throw; this one gives it a handler that does.
 */
class HandlerExceptionTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void anExceptionInTheHandlerIs500AndTheConnectionGoesOn(int stage) throws Exception {
        int port = TestHttp.freePort();
        Service node = node(stage, ServiceConfig.single(port, dir), storage -> {
            RequestHandler reference = new EntityHandler(storage);
            return request -> {
                if (request.getURI().contains("id=boom")) {
                    throw new IllegalStateException("a bug on purpose");
                }
                return reference.handle(request);
            };
        });
        node.start();
        try (Socket s = connect(port)) {
            InputStream in = s.getInputStream();
            s.getOutputStream().write(ascii("GET /v0/entity?id=boom HTTP/1.1\r\nHost: x\r\n\r\n"));
            Answer failed = Answer.read(in);
            assertEquals(500, failed.status(), failed.toString());
            assertTrue(failed.body().contains("IllegalStateException"), failed.body());
            s.getOutputStream().write(ascii("GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n\r\n"));
            assertEquals(404, Answer.read(in).status(), "the next request on the same connection");
        } finally {
            node.stop();
        }
    }

    /** The stage's reference node with the handler {@code handler} makes of its storage. */
    private static Service node(int stage, ServiceConfig config, Function<Storage, RequestHandler> handler) {
        return stage == 1
                ? new Stage1Node(config) {
                    @Override
                    protected RequestHandler createHandler(Storage storage) {
                        return handler.apply(storage);
                    }
                }
                : new Stage2Node(config) {
                    @Override
                    protected RequestHandler createHandler(Storage storage) {
                        return handler.apply(storage);
                    }
                };
    }
}
