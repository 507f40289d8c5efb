package course.harness;

import java.util.stream.Collectors;

/**
 * What a node's JVM still held after a full collection: the total bytes of its live objects, and the class histogram
 * they came from (largest classes first), so that a failure can say which classes hold the memory.
 */
public record LiveObjects(long bytes, String histogram) {
    /** The histogram's header and its first {@code classes} rows. */
    public String largest(int classes) {
        return histogram.strip().lines().limit(classes + 2L).collect(Collectors.joining("\n"));
    }
}
