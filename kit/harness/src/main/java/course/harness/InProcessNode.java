package course.harness;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.runtime.Launcher;
import course.runtime.PortCheck;
import java.io.IOException;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A node in the test JVM. The service object is created once, so start after stop tests restart on the same object. */
final class InProcessNode implements Node {
    private final ServiceConfig config;
    private final Service service;
    private boolean running;

    InProcessNode(ServiceFactory factory, ServiceConfig config) {
        this.config = config;
        this.service = factory.create(config);
        if (service == null) {
            throw new IllegalStateException(factory.getClass().getName() + ".create returned null");
        }
    }

    @Override
    public String url() {
        return config.selfUrl();
    }

    @Override
    public Path workingDir() {
        return config.workingDir();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public void start() throws IOException {
        if (running) {
            return; // as for a node in its own JVM; the port check below would find the node's own socket
        }
        try {
            // Like the launcher: never a second node on a port, and never a node that would let one share it.
            PortCheck.requireFree(config.selfPort());
            service.start();
        } catch (PortCheck.PortTakenException e) {
            throw new BindFailedException(e.getMessage(), e);
        } catch (Exception e) {
            if (isBindFailure(e)) {
                throw new BindFailedException("port " + config.selfPort() + " is taken", e);
            }
            throw e instanceof IOException io ? io : new IOException("node " + url() + " failed to start: " + e, e);
        }
        PortCheck.keepOnlyIfExclusive(service, config.selfPort());
        running = true;
    }

    @Override
    public void stop() throws IOException {
        running = false;
        service.stop();
    }

    @Override
    public void kill() {
        throw new UnsupportedOperationException("kill -9 needs a node in a JVM of its own: "
                + "annotate the test with @WithCluster(mode = NodeMode.PROCESS)");
    }

    @Override
    public long pid() {
        throw new UnsupportedOperationException("a node in the test's JVM has no process of its own: "
                + "annotate the test with @WithCluster(mode = NodeMode.PROCESS)");
    }

    @Override
    public LiveObjects liveObjects() {
        throw new UnsupportedOperationException("a node in the test's JVM shares its heap with the test and the other"
                + " nodes: annotate the test with @WithCluster(mode = NodeMode.PROCESS)");
    }

    @Override
    public String logTail() {
        return "";
    }

    @Override
    public String threadDump() throws IOException {
        Path dir = Files.createTempDirectory("course-threads-");
        Path file = dir.resolve("threads.txt");
        try {
            Launcher.dumpThreads(file);
            return Files.readString(file);
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    static boolean isBindFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException || String.valueOf(t.getMessage()).contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }
}
