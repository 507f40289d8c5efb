package course.runtime;

import com.sun.management.HotSpotDiagnosticMXBean;
import course.command.CourseCommandLine;
import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.BindException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 *
 * <p>Part of the runtime, not of the contract: students compile against {@code course.contract} alone, and this
 * module (with picocli, through kit-command, for the command line {@link LaunchOptions}) is put on the classpath
 * of the JVMs that run their nodes.
 */
public final class Launcher {
    public static final int EXIT_BAD_ARGS = CourseCommandLine.USAGE;
    public static final int EXIT_BIND_FAILED = 3;
    public static final int EXIT_START_FAILED = 4;
    public static final String READY = "READY ";
    /** Printed after a {@code stop} read from stdin under {@code --control stdin}. */
    public static final String STOPPED = "STOPPED";
    /** Printed instead of {@link #READY} or {@link #STOPPED} when the command failed; the reason follows. */
    public static final String FAILED = "FAILED ";
    /** Printed after {@code threads FILE} under {@code --control stdin}, once FILE holds the thread dump; FILE follows. */
    public static final String DUMPED = "DUMPED ";
    /**
     * Printed after {@code live FILE} under {@code --control stdin}, once FILE holds the class histogram of the objects
     * still reachable after a full collection: their total bytes follow. For tests that ask what a node still holds
     * once its calls are over.
     */
    public static final String LIVE = "LIVE ";
    /** The environment variable that holds the cluster's secret; every node of one cluster needs the same value. */
    public static final String SECRET_ENV = "COURSE_CLUSTER_SECRET";

    private Launcher() {}

    public static void main(String[] args) {
        int status = CourseCommandLine.execute(new LaunchOptions(), args, System.out, System.err);
        // A node that ran until it was stopped returns here with 0 from inside the shutdown; exiting again would
        // block. Everything else (help, a bad command line, a failed start) ends with its status now.
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Creates the node of {@code config} with {@code factoryClass} (null: the submission's), starts and keeps it
     * (following stdin's control lines with {@code stdinControl}); returns the exit status once it is stopped or failed.
     */
    static int run(String factoryClass, boolean stdinControl, ServiceConfig config) {
        int port = config.selfPort();
        Service service;
        try {
            ServiceFactory factory =
                    factoryClass == null ? Submission.current().newFactory() : Submission.instantiate(factoryClass);
            Files.createDirectories(config.workingDir());
            service = factory.create(config);
        } catch (Submission.DeclarationException e) {
            // What to fix is all in the message: a stack trace would show only the launcher's own frames.
            System.err.println("course launch: node on port " + port + " could not be created: " + e.getMessage()
                    + " (the factory comes from --factory, else from " + Submission.RESOURCE + ")");
            return EXIT_START_FAILED;
        } catch (Exception e) {
            System.err.println("course launch: node on port " + port + " could not be created: " + e);
            e.printStackTrace(System.err);
            return EXIT_START_FAILED;
        }
        try {
            startAlone(service, port);
        } catch (PortCheck.PortTakenException e) {
            System.err.println("course launch: " + e.getMessage() + " with --port");
            return EXIT_BIND_FAILED;
        } catch (Exception e) {
            boolean bind = causedByBind(e);
            System.err.println("course launch: node on port " + port + " failed to start: " + e
                    + (bind ? " (the port is taken: stop whatever listens on it or choose another with --port)" : ""));
            e.printStackTrace(System.err);
            return bind ? EXIT_BIND_FAILED : EXIT_START_FAILED;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        // Cleared by a 'stop' on stdin, so a service stopped that way is not stopped a second time at exit.
        AtomicBoolean running = new AtomicBoolean(true);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                if (running.getAndSet(false)) {
                                    service.stop();
                                }
                            } catch (IOException e) {
                                System.err.println("course launch: stop failed: " + e);
                            } finally {
                                stopped.countDown();
                            }
                        },
                        "launcher-shutdown"));
        System.out.println(READY + config.selfUrl());
        System.out.flush();
        if (stdinControl) {
            followStdin(service, port, config.selfUrl(), running);
            return 0;
        }
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /**
     * Applies 'stop' and 'start' from stdin to the one service object: the contract says a service is restartable
     * on the same object and stop is idempotent, and only the same object can show that. 'start' carries the
     * {@code course.*} system properties the node starts with ({@link CourseProperties}), which replace this JVM's:
     * a node reads its settings at every start, from the properties the test has set by then. When stdin ends, the
     * harness is gone, and so is this node.
     */
    private static void followStdin(Service service, int port, String url, AtomicBoolean running) {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try {
            for (String line; (line = in.readLine()) != null; ) {
                try {
                    switch (line.trim()) {
                        case "stop" -> {
                            service.stop();
                            running.set(false);
                            System.out.println(STOPPED);
                        }
                        case String c
                        when c.equals("start") || c.startsWith("start ") -> {
                            CourseProperties.replaceWith(c.substring("start".length()));
                            startAlone(service, port);
                            running.set(true);
                            System.out.println(READY + url);
                        }
                        case String c
                        when c.startsWith("threads ") -> {
                            Path file = Path.of(c.substring("threads ".length()).trim());
                            dumpThreads(file);
                            System.out.println(DUMPED + file);
                        }
                        case String c
                        when c.startsWith("live ") -> {
                            Path file = Path.of(c.substring("live ".length()).trim());
                            System.out.println(LIVE + LiveHeap.write(file));
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
            System.err.println("course launch: stdin failed: " + e);
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
        PortCheck.keepOnlyIfExclusive(service, port);
    }

    /**
     * Writes a plain-text dump of every thread of this JVM, virtual threads included, to {@code file}, which must not
     * exist yet. A node in a JVM of its own is looked at this way: the test's JVM cannot see its threads.
     */
    public static void dumpThreads(Path file) throws IOException {
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .dumpThreads(file.toAbsolutePath().toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
    }

    static boolean causedByBind(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException || String.valueOf(t.getMessage()).contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }
}
