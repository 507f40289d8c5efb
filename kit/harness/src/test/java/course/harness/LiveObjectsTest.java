package course.harness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test asks a node's JVM what it still holds: an array the node keeps counts, one it let go of does not, and the
 * histogram names the class that holds the bytes.
 */
class LiveObjectsTest {
    static final int HELD_BYTES = 16 << 20;

    /** A node that only listens, and holds a 16 MiB array while it runs. */
    public static final class HoldingFactory implements ServiceFactory {
        @Override
        public Service create(ServiceConfig config) {
            return new SocketOnlyService(config, false) {
                @SuppressWarnings("unused") // held is the point: the test measures it
                private byte[] held;

                @Override
                public synchronized void start() throws IOException {
                    super.start();
                    held = new byte[HELD_BYTES];
                }

                @Override
                public synchronized void stop() throws IOException {
                    held = null;
                    super.stop();
                }
            };
        }
    }

    @Test
    void anArrayANodeHoldsCountsAndOneItLetGoOfDoesNot(@TempDir Path dir) throws Exception {
        ProcessNode node = LoneNode.in(dir, HoldingFactory.class, "64m", NodeJvm.AS_RUN);
        try {
            node.start();
            LiveObjects holding = node.liveObjects();
            node.stop();
            LiveObjects letGo = node.liveObjects();
            long difference = holding.bytes() - letGo.bytes();
            assertTrue(
                    difference > HELD_BYTES - (1 << 20) && difference < HELD_BYTES + (1 << 20),
                    "a 16 MiB array held, then let go of, made a difference of " + difference + " bytes (the"
                            + " rest of the JVM changes by a few KiB between two measures)");
            assertTrue(
                    holding.largest(3).contains("[B"),
                    "the largest classes do not name byte[]:\n" + holding.largest(3));
        } finally {
            node.kill();
        }
    }
}
