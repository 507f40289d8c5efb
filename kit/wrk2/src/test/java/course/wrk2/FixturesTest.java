package course.wrk2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.results.LoadRun;
import course.results.Results;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every real student output in {@code ../shared/fixtures} (beside the repository; surefire sets {@code course.root}).
 * The expected run counts and values were read by hand from the files.
 */
class FixturesTest {
    /**
     * Runs per fixture: one per "Running ... test" header, plus the spectrum pasted without one in upsert_25000rps-2m
     * and the four bare spectra (rows only, in code fences) of report 000.
     */
    private static final Map<String, Integer> RUNS = Map.ofEntries(
            Map.entry("wrk2/student01__wrk__results__stage1__get_17000rps_flush_threshold_10x.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage1__get_20000rps_flush_threshold_10x.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage1__get_6500rps.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage1__put_22000rps.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage2__executor_threads_1__d30_t1_c1_R22000_put.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage2__executor_threads_1__d30_t1_c1_R25000_put.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage2__executor_threads_1__t4_c10_R22000_put.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage2__executor_threads_1__t4_c12_R22000_put.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage2__t4_c700_R22000_qs200.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage2__t4_c800_R22000_qs200.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage3__put_t4_c170_R22000.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage4__get_t4_c120_R6500.txt", 1),
            Map.entry("wrk2/student01__wrk__results__stage4__get_t4_c150_R6500.txt", 1),
            Map.entry("wrk2/student02__results_stage1__wrk-get-search-break-point.txt", 3),
            Map.entry("wrk2/student02__results_stage1__wrk-get-stable.txt", 1),
            Map.entry("wrk2/student02__results_stage1__wrk-put-search-break-point.txt", 4),
            Map.entry("wrk2/student02__results_stage2__wrk_get_pool_size.txt", 4),
            Map.entry("wrk2/student02__results_stage2__wrk_get_queue_size.txt", 3),
            Map.entry("wrk2/student02__results_stage2__wrk_get_queue_type.txt", 2),
            Map.entry("wrk2/student02__results_stage2__wrk_get_search_max_rps.txt", 3),
            Map.entry("wrk2/student02__results_stage2__wrk_put_search_max.txt", 3),
            Map.entry("wrk2/student02__results_stage3__wrk2_get.txt", 4),
            Map.entry("wrk2/student02__results_stage3__wrk2_put.txt", 4),
            Map.entry("wrk2/student03__report__hw1__data__upsert_25000rps-2m.txt", 1),
            Map.entry("wrk2/student03__report__hw1__data__upsert_32000rps.txt", 1),
            Map.entry("wrk2/student03__report__hw1__data__upsert_33000rps.txt", 1),
            Map.entry("wrk2/student03__report__hw3__data__getrand_33000_120s.txt", 1),
            Map.entry("wrk2/student03__report__hw3__data__getrand_33000_30s.txt", 1),
            Map.entry("wrk2/student03__report__hw3__data__getrand_34000_120s.txt", 1),
            Map.entry("wrk2/student03__report__hw3__data__getrand_34000_30s.txt", 1),
            Map.entry("wrk2/student03__report__hw3__data__put_25000_120s.txt", 1),
            Map.entry("wrk2/student04__reports__html__stage1__get_10000_wrk.txt", 1),
            Map.entry("wrk2/student04__reports__html__stage1__get_7000_wrk.txt", 1),
            Map.entry("wrk2/student04__reports__html__stage1__get_8000_wrk.txt", 1),
            Map.entry("wrk2/student04__reports__html__stage1__get_9000_wrk.txt", 1),
            Map.entry("wrk2/student04__reports__html__stage1__get_many_misses_wrk.txt", 1),
            Map.entry("wrk2/student04__reports__html__stage1__get_misses_request_wrk.txt", 1),
            Map.entry("wrk2/student04__reports__html__stage1__get_n_10000_wrk.txt", 1),
            Map.entry("wrk2/student04__reports__html__stage1__get_n_11000_wrk.txt", 1),
            Map.entry("wrk2/student05__analysis__stage2__results__wrk-get-128-connections.txt", 1),
            Map.entry("wrk2/student05__analysis__stage2__results__wrk-get-16-connections.txt", 1),
            Map.entry("wrk2/student05__analysis__stage2__results__wrk-get-256-connections.txt", 1),
            Map.entry("wrk2/student05__analysis__stage2__results__wrk-get-32-connections.txt", 1),
            Map.entry("wrk2/student05__analysis__stage2__results__wrk-get-39000rps.txt", 1),
            Map.entry("wrk2/student05__analysis__stage2__results__wrk-get-43000rps.txt", 1),
            Map.entry("wrk2/student05__analysis__stage2__results__wrk-get-45000rps.txt", 1),
            Map.entry("wrk2/student05__analysis__stage2__results__wrk-get-64-connections.txt", 1),
            Map.entry("wrk2/student06__stages__stage1__outputs__get_20s_12000.txt", 1),
            Map.entry("wrk2/student06__stages__stage1__outputs__get_20s_13000.txt", 1),
            Map.entry("wrk2/student06__stages__stage1__outputs__put_20s_100000.txt", 1),
            Map.entry("wrk2/student06__stages__stage1__outputs__put_20s_90000.txt", 1),
            Map.entry("wrk2/student06__stages__stage2__outputs__get_20s_10000.txt", 1),
            Map.entry("wrk2/student06__stages__stage2__outputs__get_20s_12000.txt", 1),
            Map.entry("wrk2/student06__stages__stage2__outputs__get_20s_12000_128.txt", 1),
            Map.entry("wrk2/student06__stages__stage2__outputs__get_20s_20000.txt", 1),
            Map.entry("reports/000_d326882c7d3efcb6.txt", 4),
            Map.entry("reports/001_3328bb6003d609c4.txt", 4),
            Map.entry("reports/002_2b000bd71cbc8657.txt", 6),
            Map.entry("reports/003_05d68f3f43ac6490.txt", 4),
            Map.entry("reports/004_a0506f5c759e91a3.txt", 0));

    private static Path fixtures() {
        String root = System.getProperty("course.root");
        if (root == null) {
            fail("system property course.root is not set: run the tests through Maven (surefire sets it to the"
                    + " repository root), or pass -Dcourse.root=/path/to/repo");
        }
        Path dir = Path.of(root).resolve("../shared/fixtures").normalize();
        if (!Files.isDirectory(dir.resolve("wrk2")) || !Files.isDirectory(dir.resolve("reports"))) {
            fail("fixtures not found at " + dir + " (expected wrk2/ and reports/ there): shared/ must sit beside the"
                    + " repository clone, at ../shared relative to " + root);
        }
        return dir;
    }

    private static ParseResult parse(String relative) {
        Path file = fixtures().resolve(relative);
        try {
            return Wrk2Parser.parse(Files.readString(file, StandardCharsets.UTF_8), relative);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file, e);
        }
    }

    /** The run of a fixture that holds one (as {@link #RUNS} says). */
    private static LoadRun onlyRun(String relative) {
        List<LoadRun> runs = parse(relative).runs();
        assertEquals(1, runs.size(), relative);
        return runs.getFirst();
    }

    @Test
    void everyFixtureFileHasAnExpectedRunCount() throws IOException {
        TreeSet<String> present = new TreeSet<>();
        for (String dir : List.of("wrk2", "reports")) {
            try (Stream<Path> files = Files.list(fixtures().resolve(dir))) {
                files.filter(Files::isRegularFile).forEach(f -> present.add(dir + "/" + f.getFileName()));
            }
        }
        assertEquals(
                new TreeSet<>(RUNS.keySet()),
                present,
                "a fixture was added or removed: count its runs by hand and update RUNS");
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureImportsItsRunsAndEachRunFitsTheSchema() {
        return new TreeSet<>(RUNS.keySet())
                .stream()
                        .map(name -> DynamicTest.dynamicTest(name, () -> {
                            ParseResult result = parse(name);
                            assertEquals(List.of(), result.problems(), name);
                            assertEquals(RUNS.get(name), result.runs().size(), "runs in " + name);
                            for (int i = 0; i < result.runs().size(); i++) {
                                LoadRun run = result.runs().get(i);
                                assertEquals(List.of(), Results.violations(run), name + " run " + (i + 1));
                                assertEquals(i + 1, run.source.block);
                                assertEquals(name, run.source.file);
                                assertTrue(
                                        run.latency.mean != null || !run.latency.percentiles.isEmpty(),
                                        name + " has no latency");
                            }
                        }));
    }

    @Test
    void socketErrorsInSeveralRunsOfOneFile() {
        List<LoadRun> runs =
                parse("wrk2/student02__results_stage2__wrk_get_queue_size.txt").runs();
        LoadRun first = runs.get(0);
        assertEquals(50000.0, first.rate);
        assertEquals(1, first.threads);
        assertEquals(64, first.connections);
        assertEquals(20.0, first.durationSeconds);
        assertEquals(29753.13, first.achievedRate);
        assertEquals(212, first.errors.timeout);
        assertEquals(212, first.errors.total());
        assertEquals(0.93, first.percentile(50));
        assertTail(first, 3.58, 10.14);
        LoadRun second = runs.get(1);
        assertEquals(0.839, second.percentile(50), "839.00us");
        assertEquals(386, second.errors.timeout);
        assertEquals(13145.32, second.achievedRate);
        assertEquals(0, runs.get(2).errors.total());
        assertEquals(49601.07, runs.get(2).achievedRate);
        assertTrue(runs.stream().allMatch(r -> r.flags.isEmpty()), "the command line is right above each run");
    }

    @Test
    void non2xxAndRateFromTheFileName() {
        LoadRun run = onlyRun("wrk2/student01__wrk__results__stage2__executor_threads_1__t4_c12_R22000_put.txt");
        TestFiles.assertRateFromTheFileName(run, 22000);
        assertEquals("put", run.workload.name);
        assertEquals(4, run.threads);
        assertEquals(12, run.connections);
        assertEquals(60.0, run.durationSeconds);
        assertTail(run, 2.24, 2.61);
        assertEquals(247, run.errors.non2xx);
        assertEquals(1319874L, run.requests);
        assertEquals(21997.58, run.achievedRate);
        assertEquals(1.138, run.latency.mean);
        assertEquals(7.268, run.latency.max);
    }

    @Test
    void aLastRunWithoutItsSummaryIsKeptAndFlagged() {
        List<LoadRun> runs = parse("wrk2/student02__results_stage1__wrk-put-search-break-point.txt")
                .runs();
        assertEquals(
                List.of(25000.0, 30000.0, 35000.0, 40000.0),
                runs.stream().map(r -> r.rate).toList());
        assertEquals(
                List.of(24998.09, 29998.76, 34998.51),
                runs.subList(0, 3).stream().map(r -> r.achievedRate).toList());
        LoadRun last = runs.get(3);
        assertNull(last.achievedRate);
        assertNull(last.requests);
        assertEquals(921.6, last.percentile(50));
        assertEquals(1250.0, last.percentile(99));
        assertEquals(931.547, last.latency.mean);
        assertEquals(1252.352, last.latency.max);
        assertEquals(964712, last.spectrum.getLast().count);
        assertTrue(
                last.flagMessages().stream().anyMatch(f -> f.startsWith("no summary")),
                last.flagMessages().toString());
    }

    @Test
    void aTerminalEscapeInTheOutputDoesNotSplitTheRun() {
        LoadRun run = onlyRun("wrk2/student02__results_stage1__wrk-get-stable.txt");
        assertEquals(10000.0, run.rate);
        assertEquals(120.0, run.durationSeconds);
        assertTail(run, 4.03, 11.73);
        assertEquals(5, run.errors.non2xx);
        assertEquals(9999.89, run.achievedRate);
    }

    @Test
    void noRateWhereNeitherCommandNorFileNameSaysIt() {
        LoadRun run = onlyRun("wrk2/student06__stages__stage1__outputs__get_20s_12000.txt");
        assertNull(run.rate, "'get_20s_12000' does not clearly say which number is the rate");
        assertEquals(20.0, run.durationSeconds);
        assertTail(run, 8.96, 9.71);
        assertEquals(151149, run.errors.non2xx);
        assertEquals(11999.03, run.achievedRate);
    }

    @Test
    void aHeaderWithAStrayCharacterBeforeIt() {
        LoadRun run = onlyRun("wrk2/student01__wrk__results__stage2__t4_c800_R22000_qs200.txt");
        assertEquals(800, run.connections);
        assertEquals(120.0, run.durationSeconds, "'.Running 2m test'");
        assertEquals(24, run.errors.read);
        assertEquals(3.15, run.percentile(99));
        assertEquals(21908.11, run.achievedRate);
    }

    @Test
    void aReportWithCommandsAboveTwoRunsEach() {
        List<LoadRun> runs = parse("reports/001_3328bb6003d609c4.txt").runs();
        LoadRun syncPut = runs.get(0);
        assertEquals(15000.0, syncPut.rate);
        assertEquals("put", syncPut.workload.name);
        assertEquals(16, syncPut.connections, "the output's '16 connections', not the command's -c64");
        assertTail(syncPut, 76.74, 148.22);
        assertNull(syncPut.achievedRate);
        assertTrue(
                syncPut.flagMessages()
                        .contains("command line taken from line 32, which is not directly above this run"),
                syncPut.flagMessages().toString());
        LoadRun asyncPut = runs.get(1);
        assertEquals(14998.97, asyncPut.achievedRate);
        assertTail(asyncPut, 31.04, 90.69);
        LoadRun syncGet = runs.get(2);
        assertEquals(10000.0, syncGet.rate);
        assertEquals(4510.0, syncGet.percentile(99), "4.51s");
        assertEquals(9220.0, syncGet.percentile(99.9));
        LoadRun asyncGet = runs.get(3);
        assertEquals(64, asyncGet.connections);
        assertEquals(300146, asyncGet.errors.non2xx);
        assertEquals(9997.04, asyncGet.achievedRate);
        assertTail(asyncGet, 6.03, 26.45);
    }

    /** Report 004 only links to its outputs (which are fixtures of their own). */
    @Test
    void reportsWithoutWrk2OutputGiveNoRunAndNoProblem() {
        for (String name : List.of("reports/004_a0506f5c759e91a3.txt")) {
            ParseResult result = parse(name);
            assertEquals(List.of(), result.runs(), name);
            assertEquals(List.of(), result.problems(), name);
        }
    }

    /** Report 000 pastes only spectrum rows, under headings "PUT" and "GET", with "RATE равный 15000" in the intro. */
    @Test
    void aReportOfBareSpectraGivesOneRunPerSpectrum() {
        ParseResult result = parse("reports/000_d326882c7d3efcb6.txt");
        assertEquals(List.of(), result.problems());
        List<LoadRun> runs = result.runs();
        assertEquals(
                List.of("put", "put", "get", "get"),
                runs.stream().map(r -> r.workload.name).toList());
        assertEquals(
                List.of(15000.0, 15000.0, 15000.0, 15000.0),
                runs.stream().map(r -> r.rate).toList());
        assertEquals(
                List.of(299972L, 299899L, 299876L, 299900L),
                runs.stream().map(r -> r.requests).toList(),
                "each spectrum's last total count (lines 109, 211, 316, 417)");

        LoadRun first = runs.getFirst();
        assertEquals(94, first.spectrum.size(), "rows on lines 16-109");
        assertEquals(1.046, first.percentile(50), "line 21: 1.046 at 0.500000");
        assertEquals(7.635, first.percentile(99), "line 50: 7.635 at 0.990625, the first row at or above 0.99");
        assertEquals(17.535, first.percentile(99.9), "line 66: 17.535 at 0.999023");
        assertEquals(25.087, first.percentile(100), "line 109: the last row");
        assertEquals(0.032, first.spectrum.getFirst().ms, "line 16");
        assertEquals(4, first.spectrum.getFirst().count);
        assertNull(first.achievedRate);
        assertNull(first.threads);
        assertNull(first.durationSeconds);
        assertTrue(
                first.flagMessages().contains("workload 'put' inferred from the heading '### *PUT*' at line 11"),
                first.flagMessages().toString());
        assertTrue(
                first.flagMessages().contains("target rate 15000 inferred from the text at line 7"),
                first.flagMessages().toString());
        assertTrue(
                first.flagMessages().stream().anyMatch(f -> f.startsWith("read from a bare spectrum")),
                first.flagMessages().toString());

        LoadRun last = runs.get(3);
        assertEquals(0.993, last.percentile(50), "line 329");
        assertEquals(1.929, last.percentile(99), "line 358");
        assertEquals(2.335, last.percentile(99.9), "line 374");
        assertEquals(8.775, last.percentile(100), "line 417");
    }

    /** The run's tail: its p99 and p99.9 in ms, as the file gives them. */
    private static void assertTail(LoadRun run, double p99, double p999) {
        assertEquals(p99, run.percentile(99), "p99");
        assertEquals(p999, run.percentile(99.9), "p99.9");
    }
}
