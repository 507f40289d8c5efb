package bench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerBenchOptionsTest {
    @Test
    void defaultsAndOverrides() {
        ServerBenchOptions o = ServerBench.parse(new String[] {"--keys", "5000", "-c", "8"});
        assertEquals(5000, o.keys());
        assertEquals(8, o.connections());
        assertEquals(100, o.valueSize());
        assertNull(ServerBench.parse(new String[] {"--help"}));
    }

    @Test
    void badValuesSayWhatIsWrong() {
        var e = assertThrows(IllegalArgumentException.class, () -> ServerBench.parse(new String[] {"--keys", "-3"}));
        assertTrue(e.getMessage().contains("--keys"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ServerBench.parse(new String[] {"--frobnicate", "1"}));
        assertTrue(e.getMessage().startsWith("Unknown options: '--frobnicate'"), e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class, () -> ServerBench.parse(new String[] {"--step-duration", "soon"}));
        assertTrue(e.getMessage().contains("5s"), e.getMessage());
    }

    @Test
    void tableShowsTheRatioAgainstTheGoal() {
        String table = ServerBench.table(
                List.of(
                        new ServerBench.Row("in-memory", 40000.0, 3.1, 9),
                        new ServerBench.Row("reference", 38000.0, 4.2, 9)),
                0.95);
        assertTrue(table.contains("0.95 (goal: at least 0.90)"), table);
        assertTrue(ServerBench.table(List.of(new ServerBench.Row("in-memory", null, Double.NaN, 1)), null)
                .contains("not measurable"));
    }

    @Test
    void benchKeysAreSpelledLikeTheLoadGenerator() {
        BenchKeys keys = new BenchKeys(200_000, 16);
        assertEquals("k0000123", new String(keys.key(123), StandardCharsets.US_ASCII));
        assertEquals("k12345678", new String(new BenchKeys(20_000_000, 1).key(12_345_678), StandardCharsets.US_ASCII));
        assertEquals(16, keys.value(5).length);
    }
}
