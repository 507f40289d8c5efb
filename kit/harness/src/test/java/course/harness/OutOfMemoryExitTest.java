package course.harness;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.ServiceConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A node JVM whose heap runs out exits, and the harness says which node and which heap, instead of timing out. */
class OutOfMemoryExitTest {
    @Test
    void aNodeThatRunsOutOfMemoryExitsAndIsNamed(@TempDir Path dir) throws Exception {
        int port = Ports.free(1).get(0);
        String url = "http://localhost:" + port;
        ProcessNode node = new ProcessNode(
                port,
                url,
                List.of(url),
                dir.resolve("node"),
                dir.resolve("node.log"),
                HeapExhaustingFactory.class.getName(),
                "32m",
                NodeJvm.QUICK_START.flags(),
                ServiceConfig.newSecret());
        try {
            // The factory allocates from start() on: the heap may run out before or after the node said READY.
            IOException e = assertThrows(IOException.class, () -> {
                node.start();
                node.stop();
            });
            String expected = "node on port " + port + " ran out of memory (heap -Xmx32m), exited";
            assertTrue(e.getMessage().contains(expected), e.getMessage());
            assertFalse(node.isRunning(), "the node's JVM is still running after its heap ran out");
            assertTrue(Files.readString(dir.resolve("node.log")).contains(expected), "the node's log does not say it");
        } finally {
            node.kill();
        }
    }
}
