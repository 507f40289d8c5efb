package course.harness;

import course.runtime.CourseProperties;
import course.runtime.Launcher;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A node in a JVM of its own, started through {@link Launcher}: the same path as ./course run and the grader. It
 * listens on {@code port} and is named {@code url} in the cluster list, which is its proxy's URL in a proxied cluster.
 * Stop and start go to the launcher's stdin ({@code --control stdin}) and act on the same service object, as for a
 * node in the test's JVM: a test of "restartable on the same object" means the same in both modes, and a restart
 * costs no JVM start. Only kill (-9) and close end the JVM.
 */
final class ProcessNode implements Node {
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final int port;
    private final String url;
    private final List<String> cluster;
    private final Path workingDir;
    private final Path log;
    private final String factoryClass;
    private final String heap;
    private final List<String> jvmFlags;
    /** Goes to the launcher in its environment ({@link Launcher#SECRET_ENV}), never on its command line. */
    private final String secret;

    private Process process;
    /** The JVM runs but its service was stopped through the control channel. */
    private boolean serviceStopped;
    /** The JVM said it is exiting for lack of heap ({@link OutOfMemoryExit}). */
    private volatile boolean ranOutOfMemory;

    private final AtomicBoolean outOfMemoryReported = new AtomicBoolean();
    /** Copies the node's stdout after READY; joined before judging why the node ended. */
    private volatile Thread stdoutPump;
    /** READY, STOPPED and FAILED lines the node printed after its first READY: the control channel's answers. */
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();

    ProcessNode(
            int port,
            String url,
            List<String> cluster,
            Path workingDir,
            Path log,
            String factoryClass,
            String heap,
            List<String> jvmFlags,
            String secret) {
        this.jvmFlags = jvmFlags;
        this.secret = secret;
        this.port = port;
        this.url = url;
        this.cluster = cluster;
        this.workingDir = workingDir;
        this.log = log;
        this.factoryClass = factoryClass;
        this.heap = heap;
    }

    @Override
    public String url() {
        return url;
    }

    @Override
    public Path workingDir() {
        return workingDir;
    }

    @Override
    public boolean isRunning() {
        return process != null && process.isAlive() && !serviceStopped;
    }

    @Override
    public void start() throws IOException {
        if (process != null && process.isAlive()) {
            if (serviceStopped) {
                // With this JVM's course.* properties as they are now: a test that set other settings reaches the
                // restarted node as it reaches one in its own JVM (the first start had JavaCommand.courseProperties).
                String answer = command(("start " + CourseProperties.current()).trim(), START_TIMEOUT);
                if (!answer.startsWith(Launcher.READY)) {
                    throw new IOException("node " + url + " failed to start again on the same object: " + reason(answer)
                            + "; its log:\n" + logTail());
                }
                serviceStopped = false;
            }
            return;
        }
        launch();
    }

    /** Sends one control command and waits for its answer line. */
    private String command(String command, Duration timeout) throws IOException {
        answers.clear();
        try {
            OutputStream in = process.getOutputStream();
            in.write((command + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            String answer = awaitAnswer(timeout);
            if (answer == null && !process.isAlive()) {
                reportOutOfMemory();
                throw new IOException(
                        (ranOutOfMemory ? outOfMemory() : "node " + url + " exited with code " + process.exitValue())
                                + " before answering '" + command + "'; its log:\n" + logTail());
            }
            if (answer == null) {
                throw new IOException("node " + url + " did not answer '" + command + "' within " + timeout.toSeconds()
                        + " s; its log:\n" + logTail());
            }
            return answer;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending '" + command + "' to " + url, e);
        }
    }

    /** The next answer line, or null when the timeout passed or the node's JVM ended first. */
    private String awaitAnswer(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            String answer = answers.poll(200, TimeUnit.MILLISECONDS);
            if (answer != null || !process.isAlive()) {
                return answer != null ? answer : answers.poll();
            }
        }
        return null;
    }

    // onExit().thenRun: a callback; nothing waits for it.
    @SuppressWarnings("FutureReturnValueIgnored")
    private void launch() throws IOException {
        serviceStopped = false;
        ranOutOfMemory = false;
        outOfMemoryReported.set(false);
        stdoutPump = null;
        answers.clear();
        Files.createDirectories(workingDir);
        List<String> flags = new ArrayList<>(jvmFlags);
        flags.addAll(JavaCommand.courseProperties());
        flags.addAll(NodeStartCache.flags());
        List<String> command = JavaCommand.node(
                heap, flags, port, workingDir, cluster, factoryClass, "--url", url, "--control", "stdin");
        Files.writeString(
                log,
                "$ " + shortCommand(command, heap, jvmFlags, workingDir) + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(false)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().put(Launcher.SECRET_ENV, secret);
        process = builder.start();
        CompletableFuture<Boolean> ready = CompletableFuture.supplyAsync(this::copyStdoutUntilReady);
        boolean started;
        try {
            started = ready.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("node " + url + " did not print READY within " + START_TIMEOUT.toSeconds()
                    + " s; its log:\n" + logTail());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while starting " + url, e);
        } catch (ExecutionException e) {
            process.destroyForcibly();
            throw new IOException("node " + url + " failed to start", e.getCause());
        }
        if (!started) {
            int exit = waitFor(process, Duration.ofSeconds(5));
            if (ranOutOfMemory) {
                reportOutOfMemory();
                throw new IOException(outOfMemory() + " while starting; its log:\n" + logTail());
            }
            if (exit == Launcher.EXIT_BIND_FAILED) {
                throw new BindFailedException("port " + port + " is taken; the node's log:\n" + logTail(), null);
            }
            throw new IOException("node " + url + " exited with code " + exit + " before it was ready"
                    + launcherReason() + "; its log:\n" + logTail());
        }
        process.onExit().thenRun(this::reportOutOfMemory);
    }

    /** Says once, on stderr and in the node's log, that the node's JVM ended for lack of heap, if it did. */
    private void reportOutOfMemory() {
        Thread pump = stdoutPump;
        if (pump != null) {
            try {
                pump.join(2000); // the JVM's own report may still be in the pipe
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (ranOutOfMemory && outOfMemoryReported.compareAndSet(false, true)) {
            System.err.println(outOfMemory());
            append(outOfMemory());
        }
    }

    private String outOfMemory() {
        return OutOfMemoryExit.message(port, heap);
    }

    private void noteOutOfMemory(String line) {
        if (OutOfMemoryExit.isReport(line)) {
            ranOutOfMemory = true;
        }
    }

    /** Copies the child's stdout into the log; true once it printed READY, false when it ended first. */
    private boolean copyStdoutUntilReady() {
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        try {
            String line;
            while ((line = out.readLine()) != null) {
                append(line);
                noteOutOfMemory(line);
                if (line.startsWith(Launcher.READY)) {
                    Thread pump = new Thread(() -> drain(out), "node-stdout-" + port);
                    pump.setDaemon(true);
                    stdoutPump = pump;
                    pump.start();
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    private void drain(BufferedReader out) {
        try {
            String line;
            while ((line = out.readLine()) != null) {
                append(line);
                noteOutOfMemory(line);
                if (line.startsWith(Launcher.READY)
                        || line.equals(Launcher.STOPPED)
                        || line.startsWith(Launcher.FAILED)
                        || line.startsWith(Launcher.DUMPED)
                        || line.startsWith(Launcher.LIVE)) {
                    answers.add(line);
                }
            }
        } catch (IOException ignored) {
            // the process ended; nothing more to copy
        }
    }

    private synchronized void append(String line) {
        try {
            Files.writeString(log, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException ignored) {
            // the log is a diagnostic aid; losing a line must not fail the node
        }
    }

    @Override
    public void stop() throws IOException {
        if (process == null || !process.isAlive()) {
            boolean died = false;
            if (process != null) {
                reportOutOfMemory();
                died = ranOutOfMemory;
            }
            process = null;
            if (died) {
                throw new IOException(outOfMemory() + "; its log:\n" + logTail());
            }
            return;
        }
        // Like a node in the test's JVM, every stop reaches the service, so a second one tests idempotence.
        String answer;
        try {
            answer = command("stop", STOP_TIMEOUT);
        } catch (IOException e) {
            kill();
            throw e;
        }
        serviceStopped = true;
        if (!answer.equals(Launcher.STOPPED)) {
            throw new IOException("node " + url + " failed to stop: " + reason(answer) + "; its log:\n" + logTail());
        }
    }

    @Override
    public long pid() {
        if (process == null || !process.isAlive()) {
            throw new IllegalStateException("node " + url + " has no running JVM");
        }
        return process.pid();
    }

    /** Asks the node's JVM for a dump of its own threads (the launcher's {@code threads FILE}) and reads it. */
    @Override
    public String threadDump() throws IOException {
        return askForFile("threads", Launcher.DUMPED, "dump its threads").file();
    }

    /** Asks the node's JVM what it still holds after a full collection (the launcher's {@code live FILE}). */
    @Override
    public LiveObjects liveObjects() throws IOException {
        FileAnswer answer = askForFile("live", Launcher.LIVE, "measure its heap");
        return new LiveObjects(Long.parseLong(answer.rest().trim()), answer.file());
    }

    /** What the launcher answered after a command that writes a file: the rest of its line, and the file's text. */
    private record FileAnswer(String rest, String file) {}

    /**
     * Sends {@code command FILE} to the launcher (a file of this node's, deleted afterwards) and reads FILE once the
     * answer starts with {@code expected}; {@code what} says what was asked, for the error.
     */
    private FileAnswer askForFile(String command, String expected, String what) throws IOException {
        if (process == null || !process.isAlive()) {
            throw new IOException("node " + url + " has no running JVM to " + what);
        }
        Path file = log.resolveSibling(log.getFileName() + "." + command + "-" + System.nanoTime() + ".txt");
        try {
            String answer = command(command + " " + file.toAbsolutePath(), STOP_TIMEOUT);
            if (!answer.startsWith(expected)) {
                throw new IOException("node " + url + " did not " + what + ": " + reason(answer));
            }
            return new FileAnswer(answer.substring(expected.length()), Files.readString(file, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The launcher's {@code FAILED reason} answer without its prefix. */
    private static String reason(String answer) {
        return answer.startsWith(Launcher.FAILED) ? answer.substring(Launcher.FAILED.length()) : answer;
    }

    /** Stops the service, then ends the JVM: closing its stdin makes the launcher exit. */
    @Override
    public void close() throws IOException {
        if (process == null) {
            return;
        }
        Process p = process;
        IOException stopFailure = null;
        if (p.isAlive() && !serviceStopped) {
            try {
                stop();
            } catch (IOException e) {
                stopFailure = e;
            }
        }
        process = null;
        serviceStopped = false;
        try {
            p.getOutputStream().close();
        } catch (IOException ignored) {
            // already gone
        }
        if (p.isAlive() && waitFor(p, STOP_TIMEOUT) == Integer.MIN_VALUE) {
            p.destroyForcibly();
            waitFor(p, Duration.ofSeconds(5));
        }
        if (stopFailure != null) {
            throw stopFailure;
        }
    }

    @Override
    public void kill() {
        if (process == null) {
            return;
        }
        Process p = process;
        process = null;
        serviceStopped = false;
        p.destroyForcibly();
        waitFor(p, Duration.ofSeconds(10));
    }

    /**
     * The launcher's own last word in the log ("course launch: ... failed to start: reason"), said again on the
     * message's first line: test reports show each failed test as that one line, and the log comes after it.
     */
    private String launcherReason() {
        try {
            List<String> said = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("course launch: "))
                    .toList();
            return said.isEmpty() ? "" : " (" + said.get(said.size() - 1) + ")";
        } catch (IOException e) {
            return "";
        }
    }

    @Override
    public String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log at " + log + ")";
        }
    }

    /**
     * The command as the log's first line: the main class, its arguments and the flags that differ between nodes.
     * The whole line (the JDK's path, a classpath of dozens of jars, every course.* property) once filled most of a
     * failure message, so the node's own log lines after it were cut off.
     */
    static String shortCommand(List<String> command, String heap, List<String> jvmFlags, Path workingDir) {
        List<String> shown = new ArrayList<>(List.of("java", "-Xmx" + heap));
        shown.addAll(jvmFlags);
        int main = command.indexOf(Launcher.class.getName());
        shown.add(Launcher.class.getSimpleName());
        // the node's folder by its own name: the temp folder around it is gone once the test (or the grade) ends
        command.subList(main + 1, command.size())
                .forEach(a ->
                        shown.add(a.equals(workingDir.toString()) ? "<cluster dir>/" + workingDir.getFileName() : a));
        return String.join(" ", shown);
    }

    /** The exit code, or Integer.MIN_VALUE when the process is still running after the timeout. */
    private static int waitFor(Process p, Duration timeout) {
        try {
            return p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? p.exitValue() : Integer.MIN_VALUE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Integer.MIN_VALUE;
        }
    }
}
