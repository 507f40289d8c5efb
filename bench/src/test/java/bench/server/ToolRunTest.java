package bench.server;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CPU a load tool is charged: its run, from "Running" to the first line of its report, and nothing else. */
class ToolRunTest {
    /**
     * A tool that does {@code during} rounds of busy work in its run, prints its report's first line, then does
     * {@code reporting} rounds: the same work whatever else the machine does (a spin of so many seconds got only
     * half of them on the CPU in a busy suite run).
     */
    private static List<String> tool(int during, int reporting) {
        String spin = "for ((i = 0; i < %d; i++)); do :; done; ";
        return List.of(
                "bash",
                "-c",
                "echo 'Running 1s test @ http://x'; "
                        + spin.formatted(during)
                        + "echo '  Thread Stats   Avg      Stdev     Max   +/- Stdev'; "
                        + spin.formatted(reporting)
                        + "echo 'Requests/sec:   1000.00'");
    }

    @Test
    void theReportAfterTheRunIsNotChargedToTheTool() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "no /proc here");
        int work = 600_000; // about a CPU second of bash on the course VM
        double reporting = ToolRun.run(tool(work / 20, work), 60).cpuSeconds;
        double running = ToolRun.run(tool(work, work / 20), 60).cpuSeconds;
        assertTrue(
                running > 0.3 && reporting < running / 3,
                "the same work was charged " + running + " CPU s before the report's first line and " + reporting
                        + " after it: only what comes before it is the run's");
    }
}
