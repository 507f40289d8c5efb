package bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A tiny real run of both engines: the JSON is written, holds every measurement, and no database is left. */
class StorageBenchRunTest {
    @TempDir
    Path dir;

    @Test
    void smallRunWritesResultsAndCleansUp() throws Exception {
        Path out = dir.resolve("out/bench.json");
        Path data = Files.createDirectory(dir.resolve("data"));
        int code = StorageBench.run(new String[] {"--keys", "3000", "--value-size", "100", "--reads", "2000",
                "--out", out.toString(), "--dir", data.toString()});
        assertEquals(0, code);
        String json = Files.readString(out);
        for (String engine : new String[] {"reference", "rocksdb"}) {
            for (String op : new String[] {"fill", "random get", "full scan"}) {
                assertTrue(json.contains("{\"engine\": \"" + engine + "\", \"operation\": \"" + op + "\""),
                        engine + " " + op + " missing in " + json);
            }
        }
        assertTrue(json.contains("\"ratios\": {\"fill\": "), json);
        try (Stream<Path> left = Files.list(data)) {
            assertEquals(0, left.count(), "the databases are deleted after the run");
        }
    }

    @Test
    void aMissingDirectoryIsRefusedBeforeAnyWork() throws Exception {
        assertEquals(2, StorageBench.run(new String[] {"--dir", dir.resolve("absent").toString()}));
    }
}
