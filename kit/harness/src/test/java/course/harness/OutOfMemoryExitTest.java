package course.harness;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A node JVM whose heap runs out exits, and the harness says which node and which heap, instead of timing out. */
class OutOfMemoryExitTest {
    @Test
    void aNodeThatRunsOutOfMemoryExitsAndIsNamed(@TempDir Path dir) throws Exception {
        ProcessNode node = LoneNode.in(dir, HeapExhaustingFactory.class, "32m", NodeJvm.QUICK_START);
        try {
            // The factory allocates from start() on: the heap may run out before or after the node said READY.
            IOException e = assertThrows(IOException.class, () -> {
                node.start();
                node.stop();
            });
            String expected =
                    "node on port " + URI.create(node.url()).getPort() + " ran out of memory (heap -Xmx32m), exited";
            assertTrue(e.getMessage().contains(expected), e.getMessage());
            assertFalse(node.isRunning(), "the node's JVM is still running after its heap ran out");
            assertTrue(Files.readString(dir.resolve("node.log")).contains(expected), "the node's log does not say it");
        } finally {
            node.kill();
        }
    }
}
