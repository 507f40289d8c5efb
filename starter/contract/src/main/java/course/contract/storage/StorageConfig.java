package course.contract.storage;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a storage keeps its files, and when it writes its memory table to disk.
 *
 * @param directory           where the storage keeps all its files (it owns the directory)
 * @param flushThresholdBytes in-memory data size at which the memory table is written to disk
 */
public record StorageConfig(Path directory, long flushThresholdBytes) {
    public StorageConfig {
        Objects.requireNonNull(directory, "directory");
        if (flushThresholdBytes <= 0) {
            throw new IllegalArgumentException("flushThresholdBytes must be positive, got " + flushThresholdBytes);
        }
    }
}
