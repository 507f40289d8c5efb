package course.harness;

import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.runtime.Submission;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
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
    private final boolean proxied;
    /** Extra flags of node JVMs: what {@link NodeJvm} the test asked for, or the JVM's defaults (./course run). */
    private final List<String> nodeJvmFlags;
    /** Node i's proxy when the cluster is proxied, else empty; see {@link NodeProxy}. */
    private final List<NodeProxy> proxies = new ArrayList<>();

    private List<Node> nodes;
    private final KvClient client;
    /** The secret every node of this cluster is given (see {@link ServiceConfig#clusterSecret()}); new per cluster. */
    private final String secret = ServiceConfig.newSecret();

    private boolean deleteOnClose;

    /**
     * A started cluster of the declared submission in a fresh temporary directory that {@link #close()} deletes
     * (kept when {@code -Dcourse.keepData=true}). For tests that choose the size at run time, e.g. per parameter.
     * {@code jvm}: the flags of node JVMs, chosen as in {@link WithCluster#jvm}.
     */
    public static Cluster started(int size, NodeMode mode, NodeJvm jvm) throws IOException {
        return started(size, mode, false, jvm);
    }

    /**
     * Like {@link #started(int, NodeMode, NodeJvm)}, with a {@link NodeProxy} in front of every node when
     * {@code proxied}: the nodes reach each other only through the proxies, so {@link #proxy(int)} can delay, drop
     * or partition them.
     */
    public static Cluster started(int size, NodeMode mode, boolean proxied, NodeJvm jvm) throws IOException {
        Cluster cluster = new Cluster(
                Submission.current(),
                size,
                NodeMode.effective(mode),
                "128m",
                Files.createTempDirectory("course-cluster-"),
                proxied,
                jvm);
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
        this(submission, size, mode, heap, baseDir, false);
    }

    /**
     * @param proxied put a {@link NodeProxy} in front of every node. Node j then listens on its own port, but its URL
     *                in the cluster list (its {@code selfUrl}, and {@link #url(int)}) is its proxy's, so every other
     *                node reaches it through the proxy; the test's {@link #client()} talks to it directly
     *                ({@link #directUrl(int)}). A node in its own JVM learns its proxy's URL from the Launcher's
     *                {@code --url}.
     */
    public Cluster(Submission submission, int size, NodeMode mode, String heap, Path baseDir, boolean proxied) {
        this(submission, size, mode, heap, baseDir, proxied, NodeJvm.AS_RUN);
    }

    /**
     * @param jvm the flags of node JVMs ({@link NodeJvm}): a test chooses them in its {@link WithCluster#jvm};
     *            measured clusters (the grader's performance run, ./course run) keep the JVM's defaults
     */
    Cluster(Submission submission, int size, NodeMode mode, String heap, Path baseDir, boolean proxied, NodeJvm jvm) {
        this.proxied = proxied;
        this.nodeJvmFlags = jvm.flags();
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
        if (proxied) {
            return layOutBehindProxies(ports);
        }
        List<String> urls =
                ports.stream().map(p -> "http://localhost:" + p).sorted().toList();
        List<Node> laid = new ArrayList<>();
        ServiceFactory factory = mode == NodeMode.IN_PROCESS ? submission.newFactory() : null;
        for (int i = 0; i < size; i++) {
            String url = urls.get(i);
            int port = Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
            laid.add(node(i, port, url, urls, factory));
        }
        return laid;
    }

    /** Node i on {@code port}, known to the others as {@code url}, in its own folder under the cluster's. */
    private Node node(int i, int port, String url, List<String> urls, ServiceFactory factory) {
        Path dir = baseDir.resolve("node-" + i);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return mode == NodeMode.IN_PROCESS
                ? new InProcessNode(factory, new ServiceConfig(port, url, urls, dir, secret))
                : new ProcessNode(
                        port,
                        url,
                        urls,
                        dir,
                        baseDir.resolve("node-" + i + ".log"),
                        submission.factoryClass(),
                        heap,
                        nodeJvmFlags,
                        secret);
    }

    /**
     * Lays out nodes on the given ports, each behind a proxy whose URL names it; node i is the i-th proxy URL in
     * sorted order. Proxies bind their own free ports first, so only the nodes' ports can be taken.
     */
    private List<Node> layOutBehindProxies(List<Integer> ports) {
        if (proxies.isEmpty()) {
            for (int i = 0; i < size; i++) {
                try {
                    proxies.add(NodeProxy.start(ports.get(i)));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot start a proxy for node " + i, e);
                }
            }
            proxies.sort(Comparator.comparing(NodeProxy::url));
        }
        for (int i = 0; i < size; i++) {
            proxies.get(i).retarget(ports.get(i));
        }
        List<String> urls = proxies.stream().map(NodeProxy::url).toList();
        ServiceFactory factory = mode == NodeMode.IN_PROCESS ? submission.newFactory() : null;
        List<Node> laid = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            laid.add(node(i, ports.get(i), urls.get(i), urls, factory));
        }
        return laid;
    }

    /** Starts every node, moving the cluster to new ports when a port turns out to be taken. */
    public void startAll() throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                startStopped();
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

    /**
     * Nodes in JVMs of their own start side by side: their start-up is the JVM's, and a test of a 5-node cluster
     * would otherwise wait for five of them in a row. In-process nodes start one after the other, as a student's
     * code may not expect two instances to start at once in one JVM.
     */
    // every failure but the one thrown is added to it: identity is the test.
    @SuppressWarnings("ReferenceEquality")
    private void startStopped() throws IOException {
        List<Node> stopped = nodes.stream().filter(n -> !n.isRunning()).toList();
        if (mode == NodeMode.IN_PROCESS || stopped.size() < 2) {
            for (Node node : stopped) {
                node.start();
            }
            return;
        }
        List<Thread> starters = new ArrayList<>();
        List<IOException> failures = Collections.synchronizedList(new ArrayList<>());
        for (Node node : stopped) {
            starters.add(Thread.ofPlatform().name("start-" + node.url()).start(() -> {
                try {
                    node.start();
                } catch (IOException e) {
                    failures.add(e);
                } catch (RuntimeException e) {
                    failures.add(new IOException("node " + node.url() + " failed to start: " + e, e));
                }
            }));
        }
        for (Thread t : starters) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while starting the cluster", e);
            }
        }
        if (!failures.isEmpty()) {
            // A taken port moves the whole cluster; any other failure is the one to report.
            IOException first = failures.stream()
                    .filter(e -> !(e instanceof Node.BindFailedException))
                    .findFirst()
                    .orElse(failures.get(0));
            failures.stream().filter(e -> e != first).forEach(first::addSuppressed);
            throw first;
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

    /** The URL of the node itself, bypassing its proxy; the same as {@link #url(int)} in a cluster without proxies. */
    public String directUrl(int node) {
        String url = url(node);
        return proxied ? "http://localhost:" + proxies.get(node).targetPort() : url;
    }

    /**
     * The secret every node of this cluster was given: a test that replays a request one node sent another takes it
     * out, to see the marked request refused without it.
     */
    public String secret() {
        return secret;
    }

    public boolean isProxied() {
        return proxied;
    }

    /** The proxy through which the other nodes reach this node: delay, drop or partition it. */
    public NodeProxy proxy(int node) {
        if (!proxied) {
            throw new IllegalStateException("this cluster has no proxies: use @WithCluster(proxied = true) or "
                    + "Cluster.started(size, mode, true, jvm)");
        }
        node(node);
        return proxies.get(node);
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

    /**
     * The process id of the JVM that runs the node ({@link NodeMode#PROCESS} only: an in-process node shares the
     * test's), for a test that watches or limits that process as an operator would: its CPU time, its descriptors.
     */
    public long pid(int node) {
        return node(node).pid();
    }

    /**
     * What the node's JVM still holds after a full collection ({@link NodeMode#PROCESS} only), for a test that asks
     * what a node kept once its requests were answered: measured before and after, the difference is what it kept.
     */
    public LiveObjects liveObjects(int node) throws IOException {
        return node(node).liveObjects();
    }

    public KvClient client() {
        return client;
    }

    /**
     * A plain-text dump of every thread of the JVM that runs the node, virtual ones included: the node's own JVM when
     * nodes run in JVMs of their own (as in a grade), else the test's JVM, which holds every in-process node.
     */
    public String threadDump(int node) throws IOException {
        return node(node).threadDump();
    }

    /** The last lines each process node printed, for failure messages. */
    public String logs() {
        StringBuilder sb = new StringBuilder();
        IntStream.range(0, nodes.size()).forEach(i -> {
            String tail = nodes.get(i).logTail();
            if (!tail.isEmpty()) {
                sb.append("--- node ")
                        .append(i)
                        .append(" (")
                        .append(nodes.get(i).url())
                        .append(") ---\n")
                        .append(tail)
                        .append('\n');
            }
        });
        return sb.toString();
    }

    @Override
    public void close() throws IOException {
        // Proxies go first: a node waiting for a black-holed or delayed peer is released at once (a reset), so its
        // stop never waits on a fault the test made.
        proxies.forEach(NodeProxy::close);
        IOException first = null;
        for (Node node : nodes) {
            try {
                node.close();
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
                node.close();
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
