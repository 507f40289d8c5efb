package solutions.stage1;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One file descriptor held back (on /dev/null) while the process has descriptors to spare, so that when it has none
 * left the acceptor can still take a waiting client off the listening socket and tell it why it cannot be served,
 * instead of leaving it to time out. Used by the acceptor's thread only.
 */
final class SpareDescriptor implements AutoCloseable {
    private static final Path NOWHERE = Path.of("/dev/null");

    private FileChannel held;

    /** Holds a descriptor if none is held; false when the process has none to spare (or no /dev/null). */
    boolean take() {
        if (held != null) {
            return true;
        }
        try {
            held = FileChannel.open(NOWHERE, StandardOpenOption.READ);
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Gives the held descriptor back to the process; false when none was held. */
    boolean give() {
        if (held == null) {
            return false;
        }
        try {
            held.close();
        } catch (IOException e) {
            // closing /dev/null does not fail in a way that keeps its descriptor
        }
        held = null;
        return true;
    }

    @Override
    public void close() {
        give();
    }
}
