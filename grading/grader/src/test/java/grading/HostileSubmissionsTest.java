package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import course.results.Grade;
import course.results.Results;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Submissions that attack the grader (test resources hostile/*: each attack's class, started by the factory in
 * hostile/shared): each must be contained by the sandbox, and its grade must say why it failed. Each runs one short
 * test class; they need bubblewrap.
 */
class HostileSubmissionsTest {
    static final String CONTAINED = "HOSTILE-CONTAINED";
    static final String SUCCEEDED = "HOSTILE-SUCCEEDED";

    @TempDir
    Path dir;

    @BeforeEach
    void needsTheSandbox() {
        assumeTrue(
                GradeCommandTest.SANDBOX_WORKS,
                "bubblewrap does not work here: " + Sandbox.detect().problem());
    }

    @AfterEach
    void nothingOfTheSubmissionIsLeftRunning() {
        List<String> left = ProcessHandle.allProcesses()
                .filter(p -> !ofAnotherGrade(p))
                .map(p -> p.info().commandLine().orElse(""))
                .filter(c -> c.contains(Sandbox.INSIDE_WORKSPACE + "/lib/") || c.contains("987.654321"))
                .toList();
        assertEquals(List.of(), left, "processes of the graded submission outlived the grader");
    }

    /**
     * A process of another grade on this machine (the grader module's tests run in two forks, and an instructor may
     * grade meanwhile): not ours. One that descends from this JVM is ours, and so is one that no JVM holds any more
     * (an escaped process adopted by init); a node left by a test JVM that escaped is found through that JVM.
     */
    private static boolean ofAnotherGrade(ProcessHandle process) {
        boolean underAJvm = false;
        for (var p = process.parent(); p.isPresent(); p = p.get().parent()) {
            if (p.get().pid() == ProcessHandle.current().pid()) {
                return false;
            }
            underAJvm |= p.get().info().command().orElse("").endsWith("/java");
        }
        return underAJvm;
    }

    private Grade gradeHostile(String name, Map<String, String> placeholders, String... extra) throws Exception {
        // Every hostile submission is the shared factory and its own Attack class.
        Path submission = Submissions.copy("hostile/shared", dir.resolve(name), Map.of());
        Submissions.copy("hostile/" + name, submission, placeholders);
        List<String> args = new ArrayList<>(List.of(
                "--stage",
                "1",
                "--submission",
                submission.toString(),
                "--out",
                dir.resolve("grade.json").toString(),
                "--no-perf",
                "--time-limit",
                "120"));
        args.addAll(List.of(extra.length == 0 ? new String[] {"--only", "KillDuringWritesTest"} : extra));
        return GradeCommandTest.grade(args.toArray(String[]::new));
    }

    private static String messages(Grade g) {
        return g.tests().stream()
                        .map(t -> t.name() + " " + t.outcome() + ": " + t.message())
                        .collect(Collectors.joining("\n"))
                + "\n" + String.join("\n", g.notes());
    }

    private static void assertContained(Grade g, String... evidence) {
        String all = messages(g);
        assertFalse(all.contains(SUCCEEDED), all);
        assertTrue(all.contains(CONTAINED), "the grade does not say what the submission ran into:\n" + all);
        for (String e : evidence) {
            assertTrue(all.contains(e), "expected '" + e + "' in:\n" + all);
        }
        assertEquals(0, g.score().earned());
    }

    @Test
    void cannotReadTheHiddenTestsSources() throws Exception {
        Path hidden = Path.of(System.getProperty("course.root", "../.."))
                .resolve("grading/hidden/src/test/java/course/hidden/stage1/CrashRecoveryTest.java")
                .toAbsolutePath();
        assertTrue(Files.isReadable(hidden), "the test needs the hidden sources on this machine: " + hidden);
        assertContained(
                gradeHostile("reads-hidden-sources", Map.of("TARGET", hidden.toString())), "NoSuchFileException");
    }

    @Test
    void cannotWriteTheResultsFile() throws Exception {
        Path out = dir.resolve("grade.json");
        Grade g = gradeHostile("writes-results", Map.of("TARGET", out.toString()));
        assertContained(g);
        Grade written = Results.read(out, Grade.class);
        assertFalse(Files.readString(out).contains("forged"));
        assertEquals(g.tests().size(), written.tests().size());
    }

    @Test
    void cannotReachAPortOpenOnTheHostsLoopback() throws Exception {
        AtomicInteger accepted = new AtomicInteger();
        try (ServerSocket host = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            host.setSoTimeout(200);
            Thread watcher = new Thread(() -> {
                while (!host.isClosed()) {
                    try (Socket s = host.accept()) {
                        accepted.incrementAndGet();
                    } catch (SocketTimeoutException e) {
                        // keep watching
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            watcher.setDaemon(true);
            watcher.start();
            Grade g = gradeHostile("connects-out", Map.of("PORT", String.valueOf(host.getLocalPort())));
            assertContained(g, "Connection refused");
        }
        assertEquals(0, accepted.get(), "the submission reached the host's loopback");
    }

    @Test
    void aForkBombStopsAtTheProcessLimit() throws Exception {
        Grade g = gradeHostile("fork-bomb", Map.of("MARKER", "987.654321"));
        assertContained(g);
        String all = messages(g);
        var m = Pattern.compile("started (\\d+) processes").matcher(all);
        assertTrue(m.find(), all);
        assertTrue(Integer.parseInt(m.group(1)) < Limits.standard().processes(), "started " + m.group(1));
    }

    @Test
    void endlessAllocationEndsInOutOfMemory() throws Exception {
        // Node JVMs exit at their first OutOfMemoryError (-XX:+ExitOnOutOfMemoryError), so the submission never gets to
        // catch it and say HOSTILE-CONTAINED itself: the grade names the heap that ran out instead.
        Grade g = gradeHostile("allocates-forever", Map.of());
        String all = messages(g);
        assertFalse(all.contains(SUCCEEDED), all);
        assertTrue(all.contains("ran out of memory (heap -Xmx128m)") && all.contains("OutOfMemoryError"), all);
        assertEquals(0, g.score().earned());
    }

    @Test
    void fillingTheDiskStopsAtTheSandboxTempSize() throws Exception {
        Grade g = gradeHostile("fills-disk", Map.of());
        assertContained(g, "No space left on device");
    }

    @Test
    void aNodeThatNeverAnswersIsStoppedAtTheTimeLimits() throws Exception {
        long start = System.nanoTime();
        Grade g = gradeHostile(
                "never-answers",
                Map.of(),
                "--only",
                "ConcurrentClientsTest",
                "--test-time-limit",
                "20",
                "--time-limit",
                "90");
        double seconds = (System.nanoTime() - start) / 1e9;
        String all = messages(g);
        assertEquals(1, g.tests().size(), all);
        assertFalse("passed".equals(g.tests().get(0).outcome()), all);
        assertTrue(all.contains("timed out") || all.contains("no answer") || all.contains("time limit"), all);
        assertTrue(seconds < 120, "grading took " + seconds + " s");
    }
}
