package course.hidden.stage2;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.ConfiguredCluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.runtime.Submission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@code -Dcourse.virtualThreads=true}: the worker that handles a request is a virtual thread. A request is held in
 * the handler delay (a sleep in the worker, by the stage-2 contract) while the node's JVM dumps its threads: the
 * sleeping thread that runs the submission's code must be a virtual one, and with the setting off a platform one.
 */
@Stage(2)
class VirtualWorkersTest {
    private static final long HOLD_MS = 2000;

    @Test
    @Checks("s2-setting-virtual")
    void theWorkersAreVirtualThreadsWhenAskedFor() throws Exception {
        assertWorkersAre(true);
    }

    @Test
    @Checks("s2-setting-virtual")
    void theWorkersArePlatformThreadsByDefault() throws Exception {
        assertWorkersAre(false);
    }

    private static void assertWorkersAre(boolean virtual) throws Exception {
        List<String> sleeping = sleepingWorkers(virtual);
        assertFalse(
                sleeping.isEmpty(),
                "no thread of your code was found sleeping in the handler delay " + "(-Dcourse.handlerDelayMillis="
                        + HOLD_MS + ") while a request was held in it");
        assertTrue(
                sleeping.stream().allMatch(header -> isVirtual(header) == virtual),
                "with "
                        + "-Dcourse.virtualThreads=" + virtual
                        + " the worker that sleeps in the handler delay must be a "
                        + (virtual ? "virtual" : "platform") + " thread; the threads of your code that slept were:\n"
                        + String.join("\n", sleeping));
    }

    /** The headers of the threads of the submission that sleep while one request is held in the handler delay. */
    private static List<String> sleepingWorkers(boolean virtual) throws Exception {
        Cluster cluster = ConfiguredCluster.started(
                1,
                Map.of(
                        "course.workers",
                        "2",
                        "course.virtualThreads",
                        String.valueOf(virtual),
                        "course.handlerDelayMillis",
                        String.valueOf(HOLD_MS),
                        "course.deadlineMillis",
                        "60000"),
                NodeJvm.QUICK_START);
        try (cluster) {
            KvClient c = cluster.client().withTimeout(Duration.ofSeconds(30));
            CompletableFuture<Void> held =
                    CompletableFuture.runAsync(() -> c.put(0, "held", "v").assertStatus(201));
            // Looked for every 100 ms until the held request is answered: on a busy machine the request may reach
            // the worker later than any fixed pause (one dump taken after 667 ms once found nobody sleeping yet).
            List<String> sleeping = List.of();
            while (sleeping.isEmpty() && !held.isDone()) {
                Thread.sleep(100);
                sleeping = submissionThreadsSleeping(cluster.threadDump(0));
            }
            held.join();
            return sleeping;
        }
    }

    private static List<String> submissionThreadsSleeping(String dump) {
        Submission submission = Submission.current();
        List<String> found = new ArrayList<>();
        for (String block : dump.split("\n\\s*\n")) {
            String header = block.strip().lines().findFirst().orElse("");
            boolean ours = block.lines().anyMatch(submission::ownsFrame);
            boolean sleeps = block.contains("java.lang.Thread.sleep(");
            if (header.startsWith("#") && ours && sleeps) {
                found.add(header);
            }
        }
        return found;
    }

    /** A virtual thread's header in the JDK's plain-text dump: {@code #23 "name" virtual ...}. */
    private static boolean isVirtual(String header) {
        return header.matches("#\\d+ \".*\" virtual\\b.*");
    }
}
