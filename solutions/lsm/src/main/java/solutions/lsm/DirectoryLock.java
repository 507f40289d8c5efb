package solutions.lsm;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Keeps a second engine (in this or another process) from opening the same directory and corrupting it: the lock
 * held on the directory's LOCK file, and the channel that holds it, until close.
 */
record DirectoryLock(FileChannel channel, FileLock lock) implements Closeable {
    static DirectoryLock acquire(Path directory) throws IOException {
        Path path = directory.resolve("LOCK");
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new IOException("storage directory " + directory.toAbsolutePath() + " is already open (by this or"
                    + " another process); close that storage first or use another directory");
        }
        return new DirectoryLock(channel, lock);
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
