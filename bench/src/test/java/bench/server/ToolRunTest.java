package bench.server;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CPU a load tool is charged: its run, from "Running" to the first line of its report, and nothing else. */
class ToolRunTest {
    /** A tool that spins {@code during} seconds of its run, prints its report's first line, then spins {@code reporting}. */
    private static List<String> tool(double during, double reporting) {
        String spin = "end=$(( ${EPOCHREALTIME/./} + %d )); while (( ${EPOCHREALTIME/./} < end )); do :; done; ";
        return List.of(
                "bash",
                "-c",
                "echo 'Running 1s test @ http://x'; "
                        + spin.formatted((long) (during * 1e6))
                        + "echo '  Thread Stats   Avg      Stdev     Max   +/- Stdev'; "
                        + spin.formatted((long) (reporting * 1e6))
                        + "echo 'Requests/sec:   1000.00'");
    }

    @Test
    void theReportAfterTheRunIsNotChargedToTheTool() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "no /proc here");
        ToolRun reporting = ToolRun.run(tool(0.1, 1.5), 30);
        assertTrue(
                reporting.cpuSeconds < 0.8,
                "1.5 s spent after the report's first line were charged: " + reporting.cpuSeconds + " s");
        ToolRun running = ToolRun.run(tool(1.5, 0.1), 30);
        assertTrue(
                running.cpuSeconds > 1.0,
                "1.5 s spent between 'Running' and the report were not charged: " + running.cpuSeconds + " s");
    }
}
