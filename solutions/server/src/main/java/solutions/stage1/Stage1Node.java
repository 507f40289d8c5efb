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
 * Later stages subclass it and each adds one concern by replacing one piece: the server (stages 2, 3, 5, 6), the
 * handler of {@value EntityHandler#PATH} (stages 3, 4), how a client gets the coordinator's answer (stage 5), the
 * routes (stage 6). One object can start and stop any number of times; each start opens storage and a new server.
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
        storage = openStorage(new StorageConfig(config.workingDir(), FLUSH_THRESHOLD_BYTES));
        try {
            server = createServer(routes(storage).map(this::admitting));
            server.start();
        } catch (IOException | RuntimeException e) {
            // A start that failed halfway leaves nothing open: what the handler opened (stage 3's client for the
            // other nodes), then storage.
            try {
                onStop();
            } catch (IOException | RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
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

    /** The engine under the node, opened on each start: the reference LSM (a grader's mutant opens a broken one). */
    protected Storage openStorage(StorageConfig storageConfig) throws IOException {
        return LsmStorage.open(storageConfig);
    }

    /** The node's API: each path with the handler that serves it. Stage 6 adds its range endpoint here. */
    protected Routes routes(Storage storage) throws IOException {
        return Routes.of(EntityHandler.PATH, createHandler(storage));
    }

    /** The handler of {@value EntityHandler#PATH}: local storage here, sharded in stage 3, replicated in stage 4. */
    protected RequestHandler createHandler(Storage storage) throws IOException {
        return new EntityHandler(storage);
    }

    protected HttpServer createServer(Routes routes) throws IOException {
        return new SyncHttpServer(config.selfPort(), routes);
    }

    /**
     * The handler the server calls for each path, in front of the route's own: stage 1 has nothing to screen; from
     * stage 3 on, requests marked as another node's must prove it (see {@code solutions.stage3.InternalRequestGuard}).
     */
    protected RequestHandler admitting(RequestHandler handler) {
        return handler;
    }

    /**
     * Called after the server stopped, or after a start failed, and before storage closes: later stages release what
     * they added.
     */
    protected void onStop() throws IOException {
        // stage 1 adds nothing to release
    }
}
