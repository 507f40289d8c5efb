package course.runtime;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * What a JVM still holds: its class histogram of live objects, which the JVM makes after a full collection. Unlike
 * the heap's "used" figure, its total counts no garbage and no half-empty regions, so a test can compare it before
 * and after some requests and see what the node kept of them, and show which classes hold it.
 */
final class LiveHeap {
    private LiveHeap() {}

    /** Writes the histogram to {@code file} (replacing what it held) and returns its total bytes. */
    static long write(Path file) throws JMException, IOException {
        String histogram = (String) ManagementFactory.getPlatformMBeanServer()
                .invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "gcClassHistogram",
                        new Object[] {new String[0]},
                        new String[] {String[].class.getName()});
        Files.writeString(file, histogram, StandardCharsets.UTF_8);
        return totalOf(histogram);
    }

    /** The bytes column of the histogram's last line, {@code Total <instances> <bytes>}. */
    static long totalOf(String histogram) {
        for (String line : histogram.strip().lines().toList().reversed()) {
            String[] words = line.trim().split("\\s+");
            if (words.length == 3 && words[0].equals("Total")) {
                return Long.parseLong(words[2]);
            }
        }
        throw new IllegalStateException(
                "the class histogram has no Total line: " + histogram.substring(Math.max(0, histogram.length() - 200)));
    }
}
