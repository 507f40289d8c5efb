package solutions.lsm;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.storage.StorageConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every upsert a killed JVM acknowledged must be there after the next open. */
class KillRecoveryTest {
    @TempDir
    Path dir;

    @Test
    void acknowledgedUpsertsSurviveKillDashNine() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> command = new ArrayList<>(List.of(
                java, "-cp", System.getProperty("java.class.path"), CrashingWriter.class.getName(), dir.toString()));
        Process writer = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        int lastAck = -1;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), UTF_8))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            String line;
            // Kill it mid-stream, after several background flushes (64 KiB memtables of ~230-byte entries).
            while (lastAck < 3000 && System.nanoTime() < deadline && (line = out.readLine()) != null) {
                lastAck = Integer.parseInt(line.substring("ack ".length()));
            }
            // SIGKILL through the handle: Process.destroyForcibly would also close our end of its stdout.
            writer.toHandle().destroyForcibly();
            assertTrue(writer.waitFor(10, TimeUnit.SECONDS), "the writer did not die");
            // Acks already in the pipe were printed after their upsert returned: they count too.
            while ((line = out.readLine()) != null) {
                if (line.startsWith("ack ")) {
                    lastAck = Integer.parseInt(line.substring("ack ".length()));
                }
            }
        } finally {
            writer.destroyForcibly();
        }
        assertTrue(lastAck >= 100, "the writer acknowledged only " + lastAck + " upserts before the kill");
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 64 * 1024))) {
            for (int i = 0; i <= lastAck; i++) {
                assertArrayEquals(
                        CrashingWriter.value(i),
                        storage.get(CrashingWriter.key(i)),
                        "acknowledged key " + i + " of " + lastAck + " lost after kill -9");
            }
        }
    }
}
