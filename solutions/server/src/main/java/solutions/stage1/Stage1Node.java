package solutions.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.lsm.LsmStorage;

/**
 * The stage-1 node: storage opened from the working directory, a synchronous one-nio server in front of it.
 * Later stages subclass it and replace one piece each: the server (stage 2) or the handler (stages 3 and 4).
 * One object can start and stop any number of times; each start opens storage and a new server.
 */
public class Stage1Node implements Service {
    /** Memtable size before a flush; small enough that a -Xmx128m node keeps its heap for requests. */
    public static final long FLUSH_THRESHOLD_BYTES = Long.getLong("course.flushThresholdBytes", 4L << 20);

    protected final ServiceConfig config;
    private Storage storage;
    private HttpServer server;

    public Stage1Node(ServiceConfig config) {
        this.config = config;
    }

    @Override
    public synchronized void start() throws IOException {
        if (server != null) {
            return;
        }
        storage = LsmStorage.open(new StorageConfig(config.workingDir(), FLUSH_THRESHOLD_BYTES));
        try {
            server = createServer(admitting(createHandler(storage)));
            server.start();
        } catch (IOException | RuntimeException e) {
            storage.close();
            storage = null;
            server = null;
            throw e;
        }
    }

    @Override
    public synchronized void stop() throws IOException {
        if (server == null) {
            return;
        }
        try {
            server.stop();
            onStop();
        } finally {
            server = null;
            Storage s = storage;
            storage = null;
            s.close();
        }
    }

    protected RequestHandler createHandler(Storage storage) throws IOException {
        return new EntityHandler(storage);
    }

    protected HttpServer createServer(RequestHandler handler) throws IOException {
        return new SyncHttpServer(config.selfPort(), handler);
    }

    /**
     * The handler the server calls, in front of {@link #createHandler}'s: stage 1 has nothing to screen; from stage
     * 3 on, requests marked as another node's must prove it (see {@code solutions.stage3.InternalRequestGuard}).
     */
    protected RequestHandler admitting(RequestHandler handler) {
        return handler;
    }

    /** Called after the server stopped and before storage closes: later stages release what they added. */
    protected void onStop() throws IOException {
        // stage 1 adds nothing to release
    }
}
