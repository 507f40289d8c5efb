package course.harness;

import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.Submission;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * N nodes of the declared submission on localhost, each with a working directory of its own, addressed by index
 * 0..N-1 in the order of their sorted URLs. Ports are chosen free; when one is taken before its node binds it, the
 * whole cluster is laid out again on new ports (cluster URLs must be known to every node up front).
 */
public final class Cluster implements AutoCloseable {
    private static final int BIND_ATTEMPTS = 5;

    private final Submission submission;
    private final NodeMode mode;
    private final String heap;
    private final Path baseDir;
    private final int size;
    private List<Node> nodes;
    private final KvClient client;
    private boolean deleteOnClose;

    /**
     * A started cluster of the declared submission in a fresh temporary directory that {@link #close()} deletes
     * (kept when {@code -Dcourse.keepData=true}). For tests that choose the size at run time, e.g. per parameter.
     */
    public static Cluster started(int size, NodeMode mode) throws IOException {
        Cluster cluster = new Cluster(Submission.current(), size, mode, "128m", Files.createTempDirectory("course-cluster-"));
        cluster.deleteOnClose = !Boolean.getBoolean("course.keepData");
        try {
            cluster.startAll();
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    public Cluster(Submission submission, int size, NodeMode mode, String heap, Path baseDir) {
        if (size < 1) {
            throw new IllegalArgumentException("a cluster needs at least one node, got " + size);
        }
        this.submission = submission;
        this.size = size;
        this.mode = mode;
        this.heap = heap;
        this.baseDir = baseDir;
        this.nodes = layOut(Ports.free(size));
        this.client = new KvClient(this);
    }

    /** Lays out nodes on the given ports; node i is the i-th URL in sorted order. */
    private List<Node> layOut(List<Integer> ports) {
        List<String> urls = ports.stream().map(p -> "http://localhost:" + p).sorted().toList();
        List<Node> laid = new ArrayList<>();
        ServiceFactory factory = mode == NodeMode.IN_PROCESS ? submission.newFactory() : null;
        for (int i = 0; i < size; i++) {
            String url = urls.get(i);
            int port = Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
            Path dir = baseDir.resolve("node-" + i);
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            laid.add(mode == NodeMode.IN_PROCESS
                    ? new InProcessNode(factory, new ServiceConfig(port, url, urls, dir))
                    : new ProcessNode(port, url, urls, dir, baseDir.resolve("node-" + i + ".log"),
                            submission.factoryClass(), heap));
        }
        return laid;
    }

    /** Starts every node, moving the cluster to new ports when a port turns out to be taken. */
    public void startAll() throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                for (Node node : nodes) {
                    if (!node.isRunning()) {
                        node.start();
                    }
                }
                return;
            } catch (Node.BindFailedException e) {
                stopAllQuietly();
                if (attempt == BIND_ATTEMPTS) {
                    throw new IOException("could not bind the cluster's ports in " + BIND_ATTEMPTS + " attempts", e);
                }
                nodes = layOut(Ports.free(size));
            }
        }
    }

    public int size() {
        return size;
    }

    public NodeMode mode() {
        return mode;
    }

    public String url(int node) {
        return node(node).url();
    }

    public List<String> urls() {
        return nodes.stream().map(Node::url).toList();
    }

    public Path workingDir(int node) {
        return node(node).workingDir();
    }

    public Path baseDir() {
        return baseDir;
    }

    public boolean isRunning(int node) {
        return node(node).isRunning();
    }

    public void start(int node) throws IOException {
        Node n = node(node);
        // A restarted node keeps its port; if another process grabbed it meanwhile, give it a moment to go.
        for (int attempt = 1; ; attempt++) {
            try {
                n.start();
                return;
            } catch (Node.BindFailedException e) {
                if (attempt == BIND_ATTEMPTS) {
                    throw new IOException("node " + n.url() + " cannot bind its port again", e);
                }
                sleep(200L * attempt);
            }
        }
    }

    public void stop(int node) throws IOException {
        node(node).stop();
    }

    public void restart(int node) throws IOException {
        stop(node);
        start(node);
    }

    /** kill -9 of the node's JVM ({@link NodeMode#PROCESS} only): no shutdown hook, no flush. */
    public void kill(int node) throws IOException {
        node(node).kill();
    }

    public KvClient client() {
        return client;
    }

    /** The last lines each process node printed, for failure messages. */
    public String logs() {
        StringBuilder sb = new StringBuilder();
        IntStream.range(0, nodes.size()).forEach(i -> {
            String tail = nodes.get(i).logTail();
            if (!tail.isEmpty()) {
                sb.append("--- node ").append(i).append(" (").append(nodes.get(i).url()).append(") ---\n")
                        .append(tail).append('\n');
            }
        });
        return sb.toString();
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (Node node : nodes) {
            try {
                node.stop();
            } catch (IOException | RuntimeException e) {
                if (first == null) {
                    first = e instanceof IOException io ? io : new IOException(e);
                }
                try {
                    node.kill();
                } catch (IOException | RuntimeException ignored) {
                    // in-process nodes cannot be killed; the stop failure above is what gets reported
                }
            }
        }
        if (deleteOnClose) {
            TempDirs.deleteRecursively(baseDir);
        }
        if (first != null) {
            throw first;
        }
    }

    private void stopAllQuietly() {
        for (Node node : nodes) {
            try {
                node.stop();
            } catch (IOException | RuntimeException ignored) {
                // cleaning up after a failed start; the start failure is what matters
            }
        }
    }

    private Node node(int index) {
        if (index < 0 || index >= nodes.size()) {
            throw new IllegalArgumentException("no node " + index + " in a cluster of " + nodes.size());
        }
        return nodes.get(index);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
