package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Generator fell behind" means the generator's own thread was awake and too busy to send on time, not that the OS
 * woke it late on a busy machine (that is contention, measured and flagged apart), nor that the server answered late.
 */
class LateSendTest {
    private static final long MS = 1_000_000;

    @Test
    void lateWakeUpsAndLateAnswersAreNotTheGeneratorsLateness() {
        long due = 100 * MS;
        assertEquals(0, LoadWorker.generatorLateNs(due, 0, 0, due), "on time");
        assertEquals(5 * MS, LoadWorker.generatorLateNs(due, 0, 0, due + 5 * MS), "awake and busy: its own");
        assertEquals(
                MS / 10,
                LoadWorker.generatorLateNs(due, due + 5 * MS, 0, due + 5 * MS + MS / 10),
                "the answer came late: counted from when the connection was free");
        assertEquals(
                MS / 10,
                LoadWorker.generatorLateNs(due, 0, due + 7 * MS, due + 7 * MS + MS / 10),
                "the OS woke the thread 7 ms late: counted from the wake-up");
    }

    @Test
    void aBusyMachineDoesNotMakeTheGeneratorLookBehindAt1000PerSecond() throws Exception {
        int cpus = Runtime.getRuntime().availableProcessors();
        List<Process> loops = new ArrayList<>();
        try (TestHttpServer server = new TestHttpServer()) {
            for (int i = 0; i < 2 * cpus; i++) {
                loops.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
            }
            RunResult r = new LoadGenerator(
                            LoadOptions.parse(
                                    "--url",
                                    server.url(),
                                    "-R",
                                    "1000",
                                    "-c",
                                    "8",
                                    "-t",
                                    "1",
                                    "-d",
                                    "4s",
                                    "--no-stabilize"),
                            null)
                    .run();
            System.out.printf(
                    "late sends %d of %d (%.2f%%) with %d busy loops beside%n",
                    r.lateSends(), r.sends(), 100.0 * r.lateSendFraction(), 2 * cpus);
            assertTrue(r.sends() > 3000, "the run went on: " + r.sends());
            assertFalse(
                    r.lateSendFraction() > LoadRunDocument.MAX_LATE_SEND_FRACTION,
                    "1000 requests/s is far below what one generator thread sends; late sends " + r.lateSends() + " of "
                            + r.sends() + " are the machine's, not the generator's");
        } finally {
            loops.forEach(Process::destroyForcibly);
            for (Process p : loops) {
                p.waitFor();
            }
        }
    }
}
