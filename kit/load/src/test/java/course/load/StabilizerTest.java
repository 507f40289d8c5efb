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

    @Test
    void startsOneIdlePriorityLoopPerCpuAndStopsThemAll() {
        Assumptions.assumeTrue(Stabilizer.missingTools() == null, "chrt/taskset not installed");
        ByteArrayOutputStream notes = new ByteArrayOutputStream();
        try (Stabilizer s = Stabilizer.start(new PrintStream(notes, true, StandardCharsets.UTF_8))) {
            assertTrue(s.active(), notes.toString(StandardCharsets.UTF_8));
            assertEquals(Runtime.getRuntime().availableProcessors(), spinners());
        }
        assertEquals(0, spinners(), "no busy loop outlives the stabilizer");
    }
}
