package bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tiny real run of both engines: the JSON is written, holds every measurement, and no database is left. */
class StorageBenchRunTest {
    @TempDir
    Path dir;

    @Test
    void smallRunWritesResultsAndCleansUp() throws Exception {
        Path out = dir.resolve("out/bench.json");
        Path data = Files.createDirectory(dir.resolve("data"));
        int code = StorageBench.run(smallRun(out, data));
        assertEquals(0, code);
        String json = Files.readString(out);
        for (String engine : new String[] {"reference", "rocksdb"}) {
            for (String op : new String[] {"fill", "random get", "full scan"}) {
                assertTrue(
                        json.contains("{\"engine\": \"" + engine + "\", \"operation\": \"" + op + "\""),
                        engine + " " + op + " missing in " + json);
            }
        }
        assertTrue(json.contains("\"ratios\": {\"fill\": "), json);
        try (Stream<Path> left = Files.list(data)) {
            assertEquals(0, left.count(), "the databases are deleted after the run");
        }
    }

    /** The run moves to a JVM in a memory cgroup of its own and records the limit and what it used. */
    @Test
    void aRunUnderAMemoryLimitRecordsItsCgroup() throws Exception {
        Path out = dir.resolve("limited.json");
        Path data = Files.createDirectory(dir.resolve("limited-data"));
        int code = StorageBench.run(smallRun(out, data, "--memory-limit", "256"));
        Assumptions.assumeTrue(code != 2, "no writable memory cgroup on this machine");
        assertEquals(0, code);
        String json = Files.readString(out);
        assertTrue(
                json.contains("\"memory\": {\"limitBytes\": 268435456, \"heapBytes\": 67108864, \"peakBytes\": "),
                json);
    }

    @Test
    void aMissingDirectoryIsRefusedBeforeAnyWork() throws Exception {
        assertEquals(
                2, StorageBench.run(new String[] {"--dir", dir.resolve("absent").toString()}));
    }

    /** A bench of 3000 keys of 100 bytes and 2000 reads, its results in {@code out}, its databases in {@code data}. */
    private static String[] smallRun(Path out, Path data, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--keys",
                "3000",
                "--value-size",
                "100",
                "--reads",
                "2000",
                "--out",
                out.toString(),
                "--dir",
                data.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }
}
