package solutions.lsm;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.storage.StorageConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compaction's memory does not grow with the values it merges: twelve tables of one 8 MiB value each merge in a
 * 64 MiB heap under the JVM's default collector, as a node runs. A merge that held each table's next value (twice,
 * read ahead and in the merge's queue) needed 192 MiB, and a burst of 1 MiB PUTs killed a stage-4 node mid-merge.
 */
class LargeValueMergeTest {
    @TempDir
    Path dir;

    @Test
    void tablesOfLargeValuesMergeInASmallHeap() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process merger = new ProcessBuilder(List.of(
                        java,
                        "-Xmx64m",
                        "-XX:+ExitOnOutOfMemoryError",
                        "-cp",
                        System.getProperty("java.class.path"),
                        LargeValueMerger.class.getName(),
                        dir.toString()))
                .redirectErrorStream(true)
                .start();
        String output;
        try {
            assertTrue(merger.waitFor(120, TimeUnit.SECONDS), "the merger did not finish in 120 s");
            output = new String(merger.getInputStream().readAllBytes(), UTF_8);
        } finally {
            merger.destroyForcibly();
        }
        assertEquals(0, merger.exitValue(), "the merger failed in a 64 MiB heap:\n" + output);
        assertTrue(output.contains("merged into 1 table"), output);
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 1 << 20))) {
            for (int i = 0; i < LargeValueMerger.TABLES; i++) {
                assertArrayEquals(LargeValueMerger.value(i), storage.get(LargeValueMerger.key(i)), "value " + i);
            }
        }
    }
}
