package bench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** bench load and bench stabilize: their arguments, and the tables they print from measured rows. */
class LoadBenchesTest {
    @Test
    void badArgumentsSayWhatWasWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LoadBenchOptions.parse("-R", "5"))
                .getMessage()
                .contains("Unknown options: '-R'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LoadBenchOptions.parse("--rates", "10k"))
                .getMessage()
                .contains("--rates takes positive rates separated by commas"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StabilizeBenchOptions.parse("--duration", "15"))
                .getMessage()
                .contains("--duration takes e.g. 10s"));
        assertNull(LoadBenchOptions.parse("--help"));
        assertEquals(List.of(10000L, 25000L), LoadBenchOptions.parse().rates());
        assertEquals(8, StabilizeBenchOptions.parse().generator().connections(8));
        assertEquals(32, StabilizeBenchOptions.parse("-c", "32").generator().connections(8));
    }

    @Test
    void theLoadTableGivesMediansAndTheRatioToWrk2() {
        List<LoadToolBench.Row> rows = List.of(
                new LoadToolBench.Row(
                        "course-load", 10000, 1, 0.1, 2.0, 4.0, 9.0, 10000, 150000, 6.0, 4.0, List.of(), null),
                new LoadToolBench.Row(
                        "course-load", 10000, 2, 0.1, 4.0, 4.0, 11.0, 10000, 150000, 3.0, 2.0, List.of(), null),
                new LoadToolBench.Row("wrk2", 10000, 1, 1.0, 3.0, 5.0, 8.0, 9990, 150000, 1.5, 1.0, List.of(), null),
                new LoadToolBench.Row("wrk2", 10000, 2, 1.0, 3.0, 5.0, 12.0, 9990, 150000, 1.5, 1.0, List.of(), null));
        String table = LoadToolBench.table(rows, List.of(10000L));
        assertTrue(table.contains("course-load / wrk2: CPU per request 3.00"), table);
        assertTrue(table.contains("p99 1.00"), table);
        assertTrue(table.contains("p99.9 0.80 (goal <= 1.0)"), table);
        // Medians of the maxima: 10 for ours, 10 for wrk2.
        assertTrue(table.contains("max 1.00 (goal <= 1.0)"), table);
        assertTrue(!table.contains("contended"), table);
        // A run beside a busy machine (steal of 40%) is flagged and counted under the table; a quiet one is not.
        LoadToolBench.Row busy = LoadToolBench.withMachine(rows.get(0), LoadRun.Contention.of(1.0, 40.0, 0.0, 0.0));
        LoadToolBench.Row quiet = LoadToolBench.withMachine(rows.get(1), LoadRun.Contention.of(1.0, 0.1, 0.0, 0.0));
        assertEquals(List.of("contended"), busy.flags());
        assertEquals(List.of(), quiet.flags());
        String flagged = LoadToolBench.table(List.of(busy, quiet, rows.get(2), rows.get(3)), List.of(10000L));
        assertTrue(flagged.contains("1 of 4 runs were contended"), flagged);
        String oursOnly = LoadToolBench.table(rows.subList(0, 2), List.of(10000L));
        assertTrue(!oursOnly.contains("wrk2:"), oursOnly);
    }

    @Test
    void theStabilizeTableSaysWhetherStabilizingHurts() {
        String table = StabilizeBench.table(
                List.of(
                        new StabilizeBench.Row(1, "plain", 0.2, 1.0, 1000, List.of()),
                        new StabilizeBench.Row(1, "stabilized", 0.1, 50.0, 1000, List.of("contention"))),
                1.0,
                50.0);
        assertTrue(table.contains("stabilized / plain, median p99: 50.00"), table);
        assertTrue(table.contains("1 of 1"), table);
    }

    @Test
    void aMedianSkipsWhatWasNotMeasured() {
        assertEquals(2.0, Medians.of(List.of(3.0, 1.0, Double.NaN, 2.0)));
        assertTrue(Double.isNaN(Medians.of(List.of(Double.NaN))));
    }
}
