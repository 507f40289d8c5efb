package grading;

import com.fasterxml.jackson.databind.ObjectMapper;
import course.harness.JvmFlags;
import course.load.LoadApi;
import course.results.LoadRun;
import course.results.Results;
import course.results.Saturation;
import grading.runner.GrantedTurns;
import grading.runner.PerfPlan;
import grading.runner.PerfRunner;
import grading.runner.ReportLine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One side of the performance part while it runs: a sandboxed {@link PerfRunner} over a fresh cluster as its plan
 * says, who else used the CPUs meanwhile watched from here, outside the sandbox, where other processes are visible
 * (everything in the sandbox is a child of this JVM, and not "others"), and, when it takes {@link Turns}, its asks
 * for a run passed on and each grant written to its stdin.
 */
final class SideRun {
    private final String name;
    private final ContainedProcess contained;
    private final LoadApi.ContentionWatch watch;
    private final Map<String, String> reports = new LinkedHashMap<>();
    private final StringBuilder stderr = new StringBuilder();
    private final Thread out;
    private final Thread err;
    private final OutputStream grants;
    private boolean paused;

    private SideRun(
            String name,
            ContainedProcess contained,
            LoadApi.ContentionWatch watch,
            String secret,
            Turns.Seat seat,
            PrintStream progress) {
        this.name = name;
        this.contained = contained;
        this.watch = watch;
        this.grants = contained.process().getOutputStream();
        this.out = Thread.ofPlatform().daemon().start(() -> read(secret, seat));
        this.err = Thread.ofPlatform().daemon().start(() -> forward(progress));
    }

    /**
     * Starts side {@code name}'s PerfRunner with {@code plan}; at a {@code seat} of {@link Turns} it asks for each run,
     * else (null) its stdin is closed after the plan and it runs straight through.
     */
    static SideRun start(
            String name,
            Workspace ws,
            Sandbox sandbox,
            Limits limits,
            PerfPlan plan,
            Turns.Seat seat,
            PrintStream progress)
            throws IOException {
        LoadApi.ContentionWatch watch = LoadApi.watchContention();
        List<Path> classpath = ws.perfClasspath();
        ws.openForSandbox();
        String secret = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        List<String> java = new ArrayList<>();
        java.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        java.add("-Xmx256m");
        java.addAll(JvmFlags.forThisJdk());
        java.addAll(List.of(
                "-Djava.io.tmpdir=" + sandbox.tmpInside(ws.tmp),
                "-cp",
                sandbox.classpathInside(ws.root, classpath),
                PerfRunner.class.getName()));
        ContainedProcess contained =
                ContainedProcess.start(new ProcessBuilder(sandbox.wrap(java, ws.root, ws.tmp, limits))
                        .directory(ws.tmp.toFile())
                        .redirectError(ProcessBuilder.Redirect.PIPE));
        SideRun run = new SideRun(name, contained, watch, secret, seat, progress);
        run.write(secret + "\n" + plan.toJson() + "\n");
        if (seat == null) {
            run.closeGrants();
        }
        return run;
    }

    /** Lets it make its next run. */
    void grant() {
        write("go\n");
    }

    /**
     * Stops every process of the side while it waits for its turn, so that the other side's run has the machine: a
     * node that spins while it has no requests would otherwise slow the other side's steps, not its own. Returns
     * whether the processes were stopped.
     */
    boolean pause() throws InterruptedException {
        // continued later even when kill said no: it fails as a whole when one process ended meanwhile, the others
        // stopped
        paused = true;
        return contained.signalAll("STOP");
    }

    /** Lets the side's processes run again ({@link #pause}); nothing to do when they were not stopped. */
    void resume() throws InterruptedException {
        if (paused) {
            contained.signalAll("CONT");
            paused = false;
        }
    }

    /** Its side as found, once its JVM has ended or at {@code deadlineNanos} ({@link System#nanoTime}), when it is stopped. */
    Performance.Side finish(long deadlineNanos, Duration limit, PrintStream progress)
            throws IOException, InterruptedException {
        Process process = contained.process();
        resume();
        boolean exited = process.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        // before the sandbox's leftovers are ended: while they run they are this JVM's children, not others
        LoadRun.Contention outside = watch.finish();
        closeGrants();
        int leftRunning = contained.end(TestJvm.LEFTOVER_PATIENCE);
        out.join(5000);
        err.join(5000);
        if (leftRunning > 0) {
            progress.println("grade: " + leftRunning + " processes of the performance run could not be ended within "
                    + TestJvm.LEFTOVER_PATIENCE.toSeconds() + " s");
        }
        synchronized (reports) {
            if (!exited) {
                return new Performance.Side(
                        null, null, "stopped at the time limit of " + limit.toSeconds() + " s", outside);
            }
            if (reports.containsKey("error")) {
                return new Performance.Side(null, null, Messages.cut(reports.get("error")), outside);
            }
            if (!reports.containsKey("search")) {
                return new Performance.Side(
                        null, null, "the performance JVM ended without a result: " + Messages.cut(tail()), outside);
            }
            ObjectMapper json = Results.mapper();
            Saturation search = json.readValue(reports.get("search"), Saturation.class);
            LoadRun sustained =
                    reports.containsKey("sustained") ? json.readValue(reports.get("sustained"), LoadRun.class) : null;
            return new Performance.Side(sustained, search, null, outside);
        }
    }

    private synchronized void write(String text) {
        try {
            grants.write(text.getBytes(StandardCharsets.UTF_8));
            grants.flush();
        } catch (IOException e) {
            // the JVM has ended; its stderr says why
        }
    }

    private synchronized void closeGrants() {
        try {
            grants.close();
        } catch (IOException e) {
            // already gone
        }
    }

    private void read(String secret, Turns.Seat seat) {
        Process p = contained.process();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                ReportLine report = ReportLine.parse(secret, line);
                if (report == null) {
                    continue;
                }
                if (report.kind().equals("PERF")) {
                    synchronized (reports) {
                        reports.put(report.test(), report.message());
                    }
                } else if (report.kind().equals(GrantedTurns.KIND) && seat != null) {
                    seat.ask();
                }
            }
        } catch (IOException ignored) {
            // the process is gone
        } finally {
            if (seat != null) {
                seat.done();
            }
        }
    }

    /** Its progress lines, each named by its side when two sides run side by side. */
    private void forward(PrintStream progress) {
        Process p = contained.process();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("perf: ") || line.startsWith("  step ")) {
                    progress.println("  " + (name == null ? "" : name + " ") + line);
                }
                synchronized (stderr) {
                    stderr.append(line.length() > 500 ? line.substring(0, 500) : line)
                            .append('\n');
                    if (stderr.length() > 8000) {
                        stderr.delete(0, stderr.length() - 8000);
                    }
                }
            }
        } catch (IOException ignored) {
            // the process is gone
        }
    }

    private String tail() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }
}
