package course.contract;

import java.io.IOException;
import java.net.BindException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Starts one node from command-line arguments and keeps it running until the JVM is told to stop.
 * The same code path serves {@code ./course run}, tests that run nodes as separate JVMs, the grader and benchmarks.
 *
 * <p>Protocol with whoever started the process: one line {@code READY <url>} on stdout once the node accepts
 * requests; exit code {@value #EXIT_BIND_FAILED} when the port was taken (the caller picks another), {@value
 * #EXIT_BAD_ARGS} for bad arguments, {@value #EXIT_START_FAILED} when the node failed to start.
 *
 * <p>The cluster's secret ({@link ServiceConfig#clusterSecret()}) comes from the environment variable
 * {@value #SECRET_ENV}, not from an argument: a command line is visible to every user of the machine ({@code ps}),
 * a process's environment only to its owner. A one-node cluster without it gets a random secret of its own.
 */
public final class Launcher {
    public static final int EXIT_BAD_ARGS = 2;
    public static final int EXIT_BIND_FAILED = 3;
    public static final int EXIT_START_FAILED = 4;
    public static final String READY = "READY ";
    /** Printed after a {@code stop} read from stdin under {@code --control stdin}. */
    public static final String STOPPED = "STOPPED";
    /** Printed instead of {@link #READY} or {@link #STOPPED} when the command failed; the reason follows. */
    public static final String FAILED = "FAILED ";
    /** Printed after {@code threads FILE} under {@code --control stdin}, once FILE holds the thread dump; FILE follows. */
    public static final String DUMPED = "DUMPED ";
    /** The environment variable that holds the cluster's secret; every node of one cluster needs the same value. */
    public static final String SECRET_ENV = "COURSE_CLUSTER_SECRET";

    private static final String USAGE = """
            usage: Launcher --port PORT --dir DIR [--url URL] [--cluster URL,URL,...] [--factory CLASS]
              --port     port to listen on
              --dir      the node's own working directory (created if missing)
              --url      this node's URL as the cluster knows it, one of --cluster (default: http://localhost:PORT;
                         another when the other nodes reach this one through a proxy)
              --cluster  comma-separated URLs of all nodes (default: just this node's URL)
              --factory  ServiceFactory class (default: the one declared in submission.properties)
              --control stdin  take 'stop' and 'start' lines on stdin and apply them to the SAME service object
                         (answering STOPPED, or READY as at start); end when stdin ends. Test harnesses use it so
                         that a node in a JVM of its own is restarted exactly like one in the test's JVM.
                         'threads FILE' writes a dump of every thread of this JVM (virtual ones too) to FILE, a
                         path that does not exist yet, and answers DUMPED FILE: tests look at the node's threads.
            environment:
              COURSE_CLUSTER_SECRET  the secret all nodes of the cluster share (required with more than one node;
                         at least 16 printable characters); nodes accept requests between nodes only with it""";

    private Launcher() {
    }

    // The one ./course command not on picocli (kit-command), on purpose: this main runs inside every node JVM,
    // students compile against this module and the grader's sandbox puts only the contract and one-nio on a
    // submission's classpath, so the contract keeps no dependencies. Its options are few and fixed, and it is
    // mostly driven by programs (./course run, the harness), not typed by hand.

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args, System.getenv(SECRET_ENV));
        } catch (IllegalArgumentException e) {
            System.err.println("launcher: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(EXIT_BAD_ARGS);
            return;
        }
        if (options == null) {
            System.out.println(USAGE);
            return;
        }
        Service service;
        try {
            Files.createDirectories(options.dir());
            ServiceFactory factory = options.factory() == null
                    ? Submission.current().newFactory() : Submission.instantiate(options.factory());
            service = factory.create(options.config());
        } catch (Exception e) {
            System.err.println("launcher: node on port " + options.port() + " could not be created: " + e);
            e.printStackTrace(System.err);
            System.exit(EXIT_START_FAILED);
            return;
        }
        try {
            startAlone(service, options.port());
        } catch (PortCheck.PortTakenException e) {
            System.err.println("launcher: " + e.getMessage() + " with --port");
            System.exit(EXIT_BIND_FAILED);
            return;
        } catch (Exception e) {
            boolean bind = causedByBind(e);
            System.err.println("launcher: node on port " + options.port() + " failed to start: " + e
                    + (bind ? " (the port is taken: stop whatever listens on it or choose another with --port)" : ""));
            e.printStackTrace(System.err);
            System.exit(bind ? EXIT_BIND_FAILED : EXIT_START_FAILED);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        // Cleared by a 'stop' on stdin, so a service stopped that way is not stopped a second time at exit.
        AtomicBoolean running = new AtomicBoolean(true);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                if (running.getAndSet(false)) {
                    service.stop();
                }
            } catch (IOException e) {
                System.err.println("launcher: stop failed: " + e);
            } finally {
                stopped.countDown();
            }
        }, "launcher-shutdown"));
        System.out.println(READY + options.config().selfUrl());
        System.out.flush();
        if (options.stdinControl()) {
            followStdin(service, options.port(), options.config().selfUrl(), running);
            return;
        }
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Applies 'stop' and 'start' from stdin to the one service object: the contract says a service is restartable
     * on the same object and stop is idempotent, and only the same object can show that. When stdin ends, the
     * harness is gone, and so is this node.
     */
    private static void followStdin(Service service, int port, String url, AtomicBoolean running) {
        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in,
                java.nio.charset.StandardCharsets.UTF_8));
        try {
            for (String line; (line = in.readLine()) != null; ) {
                try {
                    switch (line.trim()) {
                        case "stop" -> {
                            service.stop();
                            running.set(false);
                            System.out.println(STOPPED);
                        }
                        case "start" -> {
                            startAlone(service, port);
                            running.set(true);
                            System.out.println(READY + url);
                        }
                        case String c when c.startsWith("threads ") -> {
                            Path file = Path.of(c.substring("threads ".length()).trim());
                            dumpThreads(file);
                            System.out.println(DUMPED + file);
                        }
                        default -> System.out.println(FAILED + "unknown command '" + line.trim() + "'");
                    }
                } catch (Exception e) {
                    System.out.println(FAILED + e.toString().replace('\n', ' '));
                    e.printStackTrace(System.err);
                }
                System.out.flush();
            }
        } catch (IOException e) {
            System.err.println("launcher: stdin failed: " + e);
        }
        System.exit(0); // the shutdown hook stops the service if it still runs
    }

    /**
     * Starts the service only when no one else listens on its port, and keeps it only when it listens there alone:
     * two nodes on one port would each get a share of the connections, and nobody would notice.
     */
    static void startAlone(Service service, int port) throws Exception {
        PortCheck.requireFree(port);
        service.start();
        try {
            PortCheck.requireExclusive(port);
        } catch (IOException e) {
            try {
                service.stop();
            } catch (IOException | RuntimeException stopFailure) {
                e.addSuppressed(stopFailure);
            }
            throw e;
        }
    }

    /**
     * Writes a plain-text dump of every thread of this JVM, virtual threads included, to {@code file}, which must not
     * exist yet. A node in a JVM of its own is looked at this way: the test's JVM cannot see its threads.
     */
    public static void dumpThreads(Path file) throws IOException {
        java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                .dumpThreads(file.toAbsolutePath().toString(),
                        com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
    }

    static boolean causedByBind(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException || String.valueOf(t.getMessage()).contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }

    /** Parsed arguments; {@code null} from {@link #parse} means help was asked for. */
    record Options(int port, Path dir, String url, List<String> cluster, String factory, boolean stdinControl,
                   String secret) {
        ServiceConfig config() {
            String self = url != null ? url : "http://localhost:" + port;
            return new ServiceConfig(port, self, cluster.isEmpty() ? List.of(self) : cluster, dir, secret);
        }

        /** Hides the secret, which must not end up in logs. */
        @Override
        public String toString() {
            return "Options[port=" + port + ", dir=" + dir + ", url=" + url + ", cluster=" + cluster + ", factory="
                    + factory + ", stdinControl=" + stdinControl + "]";
        }

        /** @param secret the value of {@value #SECRET_ENV}, null when it is not set */
        static Options parse(String[] args, String secret) {
            Integer port = null;
            Path dir = null;
            String url = null;
            List<String> cluster = new ArrayList<>();
            String factory = null;
            boolean stdinControl = false;
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--help") || arg.equals("-h")) {
                    return null;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(arg + " needs a value");
                }
                String value = args[++i];
                switch (arg) {
                    case "--port" -> port = parsePort(value);
                    case "--dir" -> dir = Path.of(value);
                    case "--url" -> url = parseUrl(value);
                    case "--cluster" -> cluster = Arrays.stream(value.split(",")).map(String::trim)
                            .filter(s -> !s.isEmpty()).sorted().toList();
                    case "--factory" -> factory = value;
                    case "--control" -> {
                        if (!value.equals("stdin")) {
                            throw new IllegalArgumentException("--control knows only 'stdin', got '" + value + "'");
                        }
                        stdinControl = true;
                    }
                    default -> throw new IllegalArgumentException("unknown option " + arg);
                }
            }
            if (port == null || dir == null) {
                throw new IllegalArgumentException("--port and --dir are required");
            }
            if (url != null && !cluster.isEmpty() && !cluster.contains(url)) {
                throw new IllegalArgumentException("--url " + url + " is not one of --cluster " + cluster
                        + ": give this node's URL exactly as it appears in the cluster list");
            }
            if (secret == null || secret.isEmpty()) {
                if (cluster.size() > 1) {
                    throw new IllegalArgumentException("a cluster of " + cluster.size() + " nodes needs a secret "
                            + "that all of them share: set the environment variable " + SECRET_ENV + " to the "
                            + "same value (at least " + ServiceConfig.MIN_SECRET_LENGTH + " printable characters, "
                            + "e.g. from 'openssl rand -hex 16') for every node");
                }
                secret = ServiceConfig.newSecret();
            }
            try {
                ServiceConfig.checkSecret(secret);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(SECRET_ENV + ": " + e.getMessage());
            }
            return new Options(port, dir, url, cluster, factory, stdinControl, secret);
        }

        private static String parseUrl(String value) {
            String url = value.trim();
            try {
                URI uri = new URI(url);
                if ("http".equals(uri.getScheme()) && uri.getHost() != null && uri.getPort() > 0
                        && (uri.getRawPath() == null || uri.getRawPath().isEmpty()) && uri.getRawQuery() == null) {
                    return url;
                }
            } catch (URISyntaxException ignored) {
                // falls through to the message below
            }
            throw new IllegalArgumentException("--url must look like http://HOST:PORT (no path), got '" + value + "'");
        }

        private static int parsePort(String value) {
            try {
                int port = Integer.parseInt(value);
                if (port > 0 && port < 65536) {
                    return port;
                }
            } catch (NumberFormatException ignored) {
                // falls through to the message below
            }
            throw new IllegalArgumentException("--port must be a number from 1 to 65535, got '" + value + "'");
        }
    }
}
