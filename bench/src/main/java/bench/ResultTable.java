package bench;

import course.results.Environment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/** Renders storage benchmark results as a text table and as a small JSON document of its own. */
final class ResultTable {
    private ResultTable() {}

    static String text(List<Measurement> results) {
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "%-10s %-11s %12s %10s %10s %22s%n",
                "engine",
                "operation",
                "ops/s",
                "p50 µs",
                "p99 µs",
                "ratio reference/rocksdb"));
        for (Measurement m : results) {
            Double ratio = ratio(results, m.operation());
            out.append(String.format(
                    Locale.ROOT,
                    "%-10s %-11s %12.0f %10.2f %10.2f %22s%n",
                    m.engine(),
                    m.operation(),
                    m.opsPerSecond(),
                    m.p50Micros(),
                    m.p99Micros(),
                    m.engine().equals("reference") && ratio != null ? String.format(Locale.ROOT, "%.2f", ratio) : ""));
        }
        return out.toString();
    }

    /** Throughput of the reference over RocksDB's for one operation (above 1: the reference is faster). */
    static Double ratio(List<Measurement> results, String operation) {
        Measurement ref = find(results, "reference", operation);
        Measurement rocks = find(results, "rocksdb", operation);
        return ref == null || rocks == null || rocks.opsPerSecond() == 0
                ? null
                : ref.opsPerSecond() / rocks.opsPerSecond();
    }

    private static Measurement find(List<Measurement> results, String engine, String operation) {
        return results.stream()
                .filter(m -> m.engine().equals(engine) && m.operation().equals(operation))
                .findFirst()
                .orElse(null);
    }

    /** Writes to a temporary file beside the target and renames it, so a reader never sees half a document. */
    static void writeJson(StorageBenchOptions options, List<Measurement> results, MemoryUse memory) throws IOException {
        Environment env = Environment.probe();
        StringBuilder json = new StringBuilder("{\n");
        json.append("  \"kind\": \"bench-storage\",\n");
        json.append("  \"created\": ").append(quote(Instant.now().toString())).append(",\n");
        json.append(String.format(
                Locale.ROOT,
                "  \"config\": {\"keys\": %d, \"valueSize\": %d, \"reads\": %d," + " \"flushThresholdBytes\": %d},%n",
                options.keys(),
                options.valueSize(),
                options.reads(),
                StorageBench.FLUSH_THRESHOLD_BYTES));
        if (memory != null) {
            json.append(String.format(
                    Locale.ROOT,
                    "  \"memory\": {\"limitBytes\": %d, \"heapBytes\": %d,"
                            + " \"peakBytes\": %d, \"limitHits\": %d},%n",
                    memory.limitBytes(),
                    memory.limitBytes() / 4,
                    memory.peakBytes(),
                    memory.limitHits()));
        }
        json.append("  \"environment\": {\"cpu\": ")
                .append(quote(env.cpuModel))
                .append(", \"cores\": ")
                .append(env.cores)
                .append(", \"os\": ")
                .append(quote(env.os))
                .append(", \"jdk\": ")
                .append(quote(env.jdk))
                .append("},\n");
        json.append("  \"results\": [\n");
        for (int i = 0; i < results.size(); i++) {
            Measurement m = results.get(i);
            json.append(String.format(
                    Locale.ROOT,
                    "    {\"engine\": %s, \"operation\": %s, \"ops\": %d,"
                            + " \"seconds\": %.3f, \"opsPerSecond\": %.1f, \"p50Micros\": %.2f, \"p99Micros\": %.2f,"
                            + " \"maxMicros\": %.2f}%s%n",
                    quote(m.engine()),
                    quote(m.operation()),
                    m.ops(),
                    m.seconds(),
                    m.opsPerSecond(),
                    m.p50Micros(),
                    m.p99Micros(),
                    m.maxMicros(),
                    i + 1 < results.size() ? "," : ""));
        }
        json.append("  ],\n  \"ratios\": {");
        List<String> operations =
                results.stream().map(Measurement::operation).distinct().toList();
        for (int i = 0; i < operations.size(); i++) {
            Double r = ratio(results, operations.get(i));
            json.append(quote(operations.get(i)))
                    .append(": ")
                    .append(r == null ? "null" : String.format(Locale.ROOT, "%.4f", r))
                    .append(i + 1 < operations.size() ? ", " : "");
        }
        json.append("}\n}\n");
        Path out = options.out().toAbsolutePath();
        Files.createDirectories(out.getParent());
        Path tmp = Files.createTempFile(out.getParent(), out.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, json, StandardCharsets.UTF_8);
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder q = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format("\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
