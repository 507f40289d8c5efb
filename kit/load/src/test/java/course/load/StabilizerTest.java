package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class StabilizerTest {
    private static long spinners() {
        long me = ProcessHandle.current().pid();
        return ProcessHandle.current()
                .children()
                .filter(p -> p.info().commandLine().orElse("").contains("kill -0 " + me))
                .count();
    }

    /**
     * The loops counted until they are {@code expected}, for up to two seconds: a suite run on a busy machine once
     * counted 1 of 2 right after the start (a process in the middle of chrt's and taskset's execs may show no command
     * line yet).
     */
    private static long spinnersOnceSettled(long expected) throws InterruptedException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        long seen = spinners();
        while (seen != expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
            seen = spinners();
        }
        return seen;
    }

    @Test
    void startsOneIdlePriorityLoopPerCpuAndStopsThemAll() throws InterruptedException {
        Assumptions.assumeTrue(Stabilizer.missingTools() == null, "chrt/taskset not installed");
        ByteArrayOutputStream notes = new ByteArrayOutputStream();
        try (Stabilizer s = Stabilizer.start(new PrintStream(notes, true, StandardCharsets.UTF_8))) {
            assertTrue(s.active(), notes.toString(StandardCharsets.UTF_8));
            assertEquals(
                    Runtime.getRuntime().availableProcessors(),
                    spinnersOnceSettled(Runtime.getRuntime().availableProcessors()));
        }
        assertEquals(0, spinnersOnceSettled(0), "no busy loop outlives the stabilizer");
    }
}
