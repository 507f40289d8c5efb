package grading;

import course.harness.JvmFlags;
import course.harness.NodeStartCache;
import grading.runner.FailureFiles;
import grading.runner.ReportLine;
import grading.runner.SandboxPlan;
import grading.runner.SandboxedTestRunner;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the test packages in one JVM inside the sandbox, with every node in a JVM of its own, and collects the
 * reports. The run has a time limit; when it ends, however it ends, the whole process tree is gone.
 */
final class TestJvm {
    /** What came back: every planned test and the reports of those that finished. */
    record Outcome(
            Map<String, String> planned,
            Map<String, ReportLine> results,
            boolean finished,
            boolean timedOut,
            int exitCode,
            String stderrTail,
            double seconds,
            int leftRunning,
            Map<String, byte[]> artifacts,
            Stopped stopped) {
        /**
         * This run and a {@code later} one as one run: this run's plan, {@code results}, both runs' files, time and
         * processes left running, and how {@code ending} ended (finished, timed out, exit code, stderr), stopped as
         * {@code stopped} says.
         */
        Outcome joined(Outcome later, Map<String, ReportLine> results, Outcome ending, Stopped stopped) {
            Map<String, byte[]> files = new LinkedHashMap<>(artifacts);
            files.putAll(later.artifacts());
            return new Outcome(
                    planned,
                    results,
                    ending.finished(),
                    ending.timedOut(),
                    ending.exitCode(),
                    ending.stderrTail(),
                    seconds + later.seconds(),
                    leftRunning + later.leftRunning(),
                    files,
                    stopped);
        }
    }

    /** The test class a run was stopped in, having run past its time budget, and how long it had run then. */
    record Stopped(String testClass, Duration budget, double seconds) {}

    /** How long the end of a run may take to kill what the submission left behind (a fork bomb: ~1000). */
    static final Duration LEFTOVER_PATIENCE = Duration.ofSeconds(30);

    private TestJvm() {}

    /**
     * What to run: the packages (narrowed to classes ending in {@code only} when not null), or, when {@code tests} is
     * not empty, just those test methods (CLASS#METHOD). Every random choice of every test comes from {@code seed};
     * {@code replay} is the command that grades again with it, for failure messages. With {@code handedOut} (null:
     * all at once), the JVM runs the packages' classes one at a time, taking each from that queue as it finishes the
     * one before, which test JVMs side by side share ({@link TestLanes}); it plans every test of the packages still.
     */
    record Selection(
            List<String> packages,
            String only,
            List<String> tests,
            long seed,
            String replay,
            Path artifactsShownAs,
            Queue<String> handedOut) {
        /** This selection with its classes taken from {@code queue}. */
        Selection handedOutFrom(Queue<String> queue) {
            return new Selection(packages, only, tests, seed, replay, artifactsShownAs, queue);
        }

        /** Just the named tests (CLASS#METHOD), with this selection's seed, replay and files. */
        Selection justTests(List<String> named) {
            return new Selection(List.of(), null, named, seed, replay, artifactsShownAs, null);
        }
    }

    /**
     * Runs the selection in one JVM in the sandbox, and stops the run (everything in the sandbox) as soon as a test
     * class has run longer than {@code classBudget} (null: no budget); the outcome then names that class in
     * {@code stopped}.
     */
    static Outcome run(TestRunSetup given, Duration classBudget, PrintStream progress)
            throws IOException, InterruptedException {
        Workspace ws = given.ws();
        Sandbox sandbox = given.sandbox();
        Limits limits = given.limits();
        Selection selection = given.selection();
        String secret = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        List<String> java = new ArrayList<>();
        java.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        java.add("-Xmx" + limits.testHeap());
        java.addAll(JvmFlags.forThisJdk());
        java.addAll(List.of(
                "-Djava.io.tmpdir=" + sandbox.tmpInside(ws.tmp),
                "-Dcourse.factory=" + given.factory(),
                "-Dcourse.stage=" + given.stage(),
                "-Dcourse.nodeMode=PROCESS",
                "-Dcourse.seed=" + selection.seed(),
                "-Dcourse.replay=" + selection.replay(),
                "-D" + FailureFiles.DIR_PROPERTY + "="
                        + sandbox.tmpInside(ws.tmp).resolve("artifacts"),
                // the folder as the grade's reader finds it, next to the grade document: never a path of this host
                "-D" + FailureFiles.SHOWN_AS_PROPERTY + "="
                        + selection.artifactsShownAs().getFileName(),
                "-Djunit.jupiter.execution.timeout.default=" + limits.perTest().toSeconds() + " s",
                // the hidden test of a full disk mounts a small filesystem itself where it can (root, no sandbox)
                "-Dcourse.smallDisk=" + (sandbox.smallDiskInside() == null ? "" : sandbox.smallDiskInside()),
                "-Djunit.jupiter.execution.timeout.thread.mode.default=SEPARATE_THREAD",
                // what node JVMs load as they start, cached before the tests (blank where no cache was made)
                "-D" + NodeStartCache.PROPERTY + "=" + Objects.toString(NodeStartTraining.cacheInside(ws, sandbox), ""),
                "-cp",
                sandbox.classpathInside(ws.root, ws.runtimeClasspath()),
                "grading.runner.SandboxedTestRunner"));
        SandboxPlan plan = selection.tests().isEmpty()
                ? new SandboxPlan(selection.packages(), selection.only(), List.of(), selection.handedOut() != null)
                : new SandboxPlan(List.of(), null, selection.tests(), false);
        List<String> command = sandbox.wrap(java, ws.root, ws.tmp, limits);
        long start = System.nanoTime();
        ContainedProcess contained = ContainedProcess.start(new ProcessBuilder(command).directory(ws.tmp.toFile()));
        Process process = contained.process();
        Map<String, String> planned = new LinkedHashMap<>();
        Map<String, ReportLine> results = new LinkedHashMap<>();
        Map<String, byte[]> artifacts = new LinkedHashMap<>();
        Deque<String> stderrTail = new ArrayDeque<>();
        boolean[] done = {false};
        AtomicReference<ClassStart> current = new AtomicReference<>();
        OutputStream stdin = process.getOutputStream();
        Runnable next = () -> handOut(stdin, selection.handedOut());
        Thread out = new Thread(
                () -> readReports(process, secret, planned, results, artifacts, done, current, next), "grade-reports");
        Thread err = new Thread(() -> forwardProgress(process, stderrTail, progress), "grade-progress");
        out.setDaemon(true);
        err.setDaemon(true);
        out.start();
        err.start();
        try {
            stdin.write((secret + "\n" + plan.write()).getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            if (selection.handedOut() == null) {
                stdin.close();
            }
        } catch (IOException e) {
            // the JVM died at once; its stderr says why
        }
        long deadline = start + limits.wholeRun().toNanos();
        boolean exited = false;
        Stopped stopped = null;
        try {
            while (!exited) {
                long now = System.nanoTime();
                if (now - deadline >= 0) {
                    break;
                }
                exited = process.waitFor(Math.min(250, (deadline - now) / 1_000_000 + 1), TimeUnit.MILLISECONDS);
                ClassStart running = current.get();
                if (!exited
                        && classBudget != null
                        && running != null
                        && System.nanoTime() - running.nanos() > classBudget.toNanos()) {
                    stopped =
                            new Stopped(running.testClass(), classBudget, (System.nanoTime() - running.nanos()) / 1e9);
                    progress.println("grade: " + running.testClass() + " ran past its time budget of "
                            + classBudget.toSeconds() + " s: stopped");
                    break;
                }
            }
        } catch (InterruptedException e) {
            // the grade stopped waiting (a test JVM beside this one failed to start): nothing of this run outlives it
            contained.end(LEFTOVER_PATIENCE);
            closeQuietly(stdin);
            throw e;
        }
        int leftRunning = contained.end(LEFTOVER_PATIENCE);
        closeQuietly(stdin);
        out.join(5000);
        err.join(5000);
        synchronized (results) {
            synchronized (stderrTail) {
                return new Outcome(
                        new LinkedHashMap<>(planned),
                        new LinkedHashMap<>(results),
                        done[0],
                        !exited && stopped == null,
                        exited ? process.exitValue() : -1,
                        String.join("\n", stderrTail),
                        (System.nanoTime() - start) / 1e9,
                        leftRunning,
                        new LinkedHashMap<>(artifacts),
                        stopped);
            }
        }
    }

    /**
     * A parameterized test reports each invocation under the method's one id; the method counts as its worst
     * invocation, so one failing parameter fails it however the others went.
     */
    static ReportLine worse(ReportLine a, ReportLine b) {
        List<String> rank = List.of("passed", "skipped", "failed", "error");
        ReportLine worst = rank.indexOf(b.outcome()) > rank.indexOf(a.outcome()) ? b : a;
        return new ReportLine(
                worst.kind(), worst.test(), worst.tags(), worst.outcome(), a.millis() + b.millis(), worst.message());
    }

    /** The top-level test class running now, and since when (System.nanoTime). */
    private record ClassStart(String testClass, long nanos) {}

    private static void readReports(
            Process p,
            String secret,
            Map<String, String> planned,
            Map<String, ReportLine> results,
            Map<String, byte[]> artifacts,
            boolean[] done,
            AtomicReference<ClassStart> current,
            Runnable next) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                ReportLine report = ReportLine.parse(secret, line);
                if (report == null) {
                    continue;
                }
                synchronized (results) {
                    switch (report.kind()) {
                        case "PLAN" -> planned.put(report.test(), report.tags());
                        case "RESULT" -> results.merge(report.test(), report, TestJvm::worse);
                        case "DONE" -> done[0] = true;
                        case SandboxedTestRunner.CLASS_STARTED ->
                            current.set(new ClassStart(report.test(), System.nanoTime()));
                        case SandboxedTestRunner.CLASS_FINISHED -> current.set(null);
                        case SandboxedTestRunner.NEXT -> next.run();
                        case "ARTIFACT" -> {
                            byte[] bytes = FailureFiles.decode(report);
                            if (bytes != null) {
                                artifacts.put(report.test(), bytes);
                            }
                        }
                        default -> {}
                    }
                }
            }
        } catch (IOException ignored) {
            // the process is gone
        }
    }

    /**
     * Names the next class of {@code queue} to the JVM, or closes its stdin when none is left (its run then ends); a
     * JVM that is gone is not an error here: its ending says why.
     */
    private static void handOut(OutputStream stdin, Queue<String> queue) {
        String testClass = queue == null ? null : queue.poll();
        try {
            if (testClass == null) {
                stdin.close();
            } else {
                stdin.write((testClass + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            }
        } catch (IOException gone) {
            // the JVM ended; what it ran is in its reports
        }
    }

    private static void closeQuietly(OutputStream stdin) {
        try {
            stdin.close();
        } catch (IOException gone) {
            // nothing is left to say to it
        }
    }

    private static void forwardProgress(Process p, Deque<String> tail, PrintStream progress) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("[")
                        && (line.contains("] running ") || line.matches("\\[.*] (passed|failed|error|skipped) .*"))) {
                    progress.println("  " + line);
                }
                synchronized (tail) {
                    tail.addLast(line.length() > 500 ? line.substring(0, 500) + "..." : line);
                    if (tail.size() > 40) {
                        tail.removeFirst();
                    }
                }
            }
        } catch (IOException ignored) {
            // the process is gone
        }
    }
}
