package grading;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end of a sandboxed run is the end of everything it started. bwrap returns while the kernel is still killing
 * the rest of its pid namespace; a grader that returned then left hundreds of processes alive (caught on CI, where
 * they starved the next grade's process limit). On a fast machine the kernel usually wins that race, so the test
 * also checks that the sandbox's namespace was found, which is what the wait relies on.
 */
class ContainedProcessTest {
    private static final String MARKER = "654.321987";

    @TempDir
    Path dir;

    @Test
    void nothingTheSandboxStartedOutlivesTheEndOfTheRun() throws Exception {
        ContainedProcess run =
                sandboxed("i=0; while [ $i -lt 900 ]; do sleep " + MARKER + " & i=$((i+1)); done; sleep 1; exit 3");
        boolean exited = run.process().waitFor(60, TimeUnit.SECONDS);
        int couldNotEnd = run.end(Duration.ofSeconds(30));

        assertEquals(List.of(), left(), "processes of the sandbox outlived ContainedProcess.end");
        assertEquals(true, exited, "the sandboxed shell did not finish within 60 s");
        assertEquals(3, run.process().exitValue(), "the sandboxed shell's own exit code");
        assertEquals(0, couldNotEnd);
        String own = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
        assertTrue(
                run.sandboxNamespace() != null && !run.sandboxNamespace().equals(own),
                "the sandbox's own pid namespace was not found (got " + run.sandboxNamespace() + ", ours " + own + ")");
    }

    @Test
    void aStoppedRunUsesNoCpuUntilItIsContinued() throws Exception {
        // The performance part stops the side that waits for its turn: a node spinning while it has no requests
        // must cost its own side's steps, never the other side's.
        // a child that spins, as a node's busy thread would, under a shell that waits for it
        ContainedProcess run = sandboxed("/bin/sh -c 'while :; do :; done' & wait");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (run.sandboxNamespace() == null && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(300);
            assertTrue(run.signalAll("STOP"), "kill -STOP failed");
            double stoppedFrom = cpuSeconds(run);
            Thread.sleep(1000);
            double stopped = cpuSeconds(run) - stoppedFrom;
            assertTrue(run.signalAll("CONT"), "kill -CONT failed");
            double runningFrom = cpuSeconds(run);
            Thread.sleep(1000);
            double running = cpuSeconds(run) - runningFrom;
            // On a busy machine (the suite's other forks) the spinner gets a share of a CPU, not all of it: 0.13
            // CPU-seconds of 0.7 s were seen in a fresh clone's suite. Stopped, it gets nothing.
            assertTrue(stopped < 0.02, "stopped, the run still used " + stopped + " CPU-seconds in 1 s");
            assertTrue(running > 0.05, "continued, the spinning child used only " + running + " CPU-seconds in 1 s");
        } finally {
            run.end(Duration.ofSeconds(30));
        }
    }

    /** {@code script} run by /bin/sh in a sandbox with the standard limits (skips the test where bubblewrap fails). */
    private ContainedProcess sandboxed(String script) throws IOException {
        Sandbox sandbox = Sandbox.detect();
        assumeTrue(sandbox.problem() == null, "bubblewrap does not work here: " + sandbox.problem());
        Path workspace = Files.createDirectory(dir.resolve("ws"));
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        for (Path p : List.of(dir, workspace, tmp)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<String> command = sandbox.wrap(List.of("/bin/sh", "-c", script), workspace, tmp, Limits.standard());
        return ContainedProcess.start(new ProcessBuilder(command).inheritIO());
    }

    /** CPU time of the run's processes: the outer process and everything it started, as /proc lists them. */
    private static double cpuSeconds(ContainedProcess run) {
        return Stream.concat(
                        Stream.of(run.process().toHandle()),
                        run.process().toHandle().descendants())
                .mapToDouble(h ->
                        h.info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0))
                .sum();
    }

    /** The first look must be fast (no ProcessHandle.info per process): the kernel empties the namespace quickly. */
    private static List<String> left() throws IOException {
        try (var entries = Files.list(Path.of("/proc"))) {
            return entries.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .map(p -> {
                        try {
                            return new String(Files.readAllBytes(p.resolve("cmdline")), UTF_8).replace('\0', ' ');
                        } catch (IOException e) {
                            return "";
                        }
                    })
                    .filter(c -> c.contains(MARKER))
                    .toList();
        }
    }
}
