package bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class StorageBenchOptionsTest {
    @Test
    void defaultsAreAMillionKilobyteValues() {
        StorageBenchOptions o = StorageBenchOptions.parse(List.of());
        assertEquals(1_000_000, o.keys());
        assertEquals(1024, o.valueSize());
        assertEquals(1_000_000, o.reads());
    }

    @Test
    void optionsAreRead() {
        StorageBenchOptions o = StorageBenchOptions.parse(
                List.of("--keys", "5000", "--value-size", "64", "--reads", "10", "--out", "x.json", "--dir", "d"));
        assertEquals(5000, o.keys());
        assertEquals(64, o.valueSize());
        assertEquals(10, o.reads());
        assertEquals(Path.of("x.json"), o.out());
        assertEquals(Path.of("d"), o.dir());
        assertEquals(0, o.memoryLimitBytes(), "no limit unless asked");
        assertEquals(
                512L << 20,
                StorageBenchOptions.parse(List.of("--memory-limit", "512")).memoryLimitBytes());
    }

    @Test
    void badInputSaysWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StorageBenchOptions.parse(List.of("--nope")))
                .getMessage()
                .contains("Unknown option: '--nope'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StorageBenchOptions.parse(List.of("--keys")))
                .getMessage()
                .contains("Missing required parameter for option '--keys'"));
        assertTrue(assertThrows(
                        IllegalArgumentException.class, () -> StorageBenchOptions.parse(List.of("--value-size", "4")))
                .getMessage()
                .contains("between 8"));
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> StorageBenchOptions.parse(List.of("--keys", "ten")))
                        .getMessage()
                        .contains("whole number"));
        assertTrue(assertThrows(
                        IllegalArgumentException.class, () -> StorageBenchOptions.parse(List.of("--memory-limit", "8")))
                .getMessage()
                .contains("between 64"));
        // Once the bench ran its hour and then failed to write its file.
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> StorageBenchOptions.parse(List.of("--out", "pom.xml/b.json")))
                .getMessage()
                .contains(
                        "--out 'pom.xml/b.json': " + Path.of("pom.xml").toAbsolutePath() + " is a file, not a folder"));
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> StorageBenchOptions.parse(List.of("--out", "src")))
                        .getMessage()
                        .contains("--out 'src' is a folder: give the file to write"));
    }
}
