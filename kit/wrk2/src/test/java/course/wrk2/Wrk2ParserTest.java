package course.wrk2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import course.results.Results;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parser on the fixture copies in test resources and on small texts that each show one case. */
class Wrk2ParserTest {

    @Test
    void aFullRunWithSocketErrorsAndMinuteLatencies() {
        LoadRun run = validRuns(TestFiles.parse(TestFiles.SOCKET_ERRORS), 1).getFirst();
        assertEquals("wrk2-import", run.source.tool);
        assertEquals(TestFiles.SOCKET_ERRORS, run.source.file);
        assertEquals(1, run.source.block);
        TestFiles.assertRateFromTheFileName(run, 22000);
        assertEquals("put", run.workload.name);
        assertEquals(4, run.threads);
        assertEquals(170, run.connections);
        assertEquals(120.0, run.durationSeconds);
        assertEquals(List.of("http://localhost:8080"), run.targets);
        assertEquals(2454549L, run.requests);
        assertEquals(20454.55, run.achievedRate);
        assertEquals("1.61MB", run.transferPerSecond);
        assertEquals(0, run.errors.connect);
        assertEquals(153, run.errors.read);
        assertEquals(0, run.errors.write);
        assertEquals(3493, run.errors.timeout);
        assertEquals(65251, run.errors.non2xx);
        assertEquals(1630.0, run.percentile(50));
        assertEquals(54000.0, run.percentile(99), "0.90m");
        assertEquals(73200.0, run.percentile(99.9), "1.22m");
        assertEquals(85800.0, run.percentile(100), "1.43m");
        assertEquals(
                RunBuilder.STANDARD_PERCENTILES,
                run.latency.percentiles.stream().map(p -> p.p).toList());
        assertEquals(8017.763, run.latency.mean, "from the spectrum footer, finer than Thread Stats' 8.02s");
        assertEquals(12292.467, run.latency.stdev);
        assertEquals(85917.696, run.latency.max);
        LoadRun.SpectrumPoint last = run.spectrum.getLast();
        assertEquals(1.0, last.percentile);
        assertEquals(2248274, last.count, "the last spectrum row counts every recorded request");
    }

    @Test
    void aSpectrumPastedWithoutItsHeaderStillGivesPercentiles() {
        LoadRun run = validRuns(TestFiles.parse(TestFiles.SPECTRUM_ONLY), 1).getFirst();
        assertEquals(25000.0, run.rate);
        assertEquals("upsert", run.workload.name);
        assertEquals(120.0, run.durationSeconds, "from '2999944 requests in 2.00m'");
        assertEquals(2999944L, run.requests);
        assertEquals(24999.71, run.achievedRate);
        assertEquals(0.631, run.latency.mean);
        assertEquals(3.942, run.latency.max);
        assertEquals(0.628, run.percentile(50), "the row at 0.500000");
        assertEquals(1.106, run.percentile(90), "the row at 0.900000");
        assertEquals(3.943, run.percentile(100), "the last row");
        assertTrue(
                run.flagMessages().stream().anyMatch(f -> f.startsWith("percentiles read from the detailed spectrum")));
    }

    @Test
    void runsWithoutLatencyDistributionInAMarkdownReport() {
        List<LoadRun> runs = validRuns(TestFiles.parse(TestFiles.REPORT_WITHOUT_L), 4);
        LoadRun first = runs.get(0);
        assertNull(first.rate, "'./put.sh 60 30000' is not a wrk command line, and the file name has no rate");
        assertEquals("unknown", first.workload.name);
        assertEquals(6, first.threads);
        assertEquals(64, first.connections);
        assertEquals(60.0, first.durationSeconds);
        assertEquals(List.of(), first.latency.percentiles);
        assertNull(first.spectrum);
        assertEquals(6.57, first.latency.mean);
        assertEquals(23.44, first.latency.stdev);
        assertEquals(209.41, first.latency.max);
        assertEquals(420, first.errors.timeout);
        assertEquals(22521.34, first.achievedRate);
        assertTrue(first.flagMessages().contains("no latency percentiles in the output (run without -L?)"));

        LoadRun second = runs.get(1);
        assertEquals(500, second.errors.timeout);
        assertEquals(482855, second.errors.non2xx);
        assertEquals(1263607L, second.requests);

        LoadRun third = runs.get(2);
        assertEquals(0, third.errors.total());
        assertEquals(1070.0, third.latency.mean, "1.07s");
        assertEquals(9010.0, third.latency.max, "9.01s");

        LoadRun fourth = runs.get(3);
        assertEquals(667165, fourth.errors.non2xx);
        assertEquals(29985.05, fourth.achievedRate);
        assertEquals(List.of(1, 2, 3, 4), runs.stream().map(r -> r.source.block).toList());
    }

    @Test
    void shellPromptsUnindentedOutputAndSecondsInAReport() {
        List<LoadRun> runs = validRuns(TestFiles.parse(TestFiles.REPORT_WITH_PROMPTS), 6);
        LoadRun first = runs.get(0);
        assertEquals("wrk2 -c80 -t4 -d 30s -R 40000 -L -s get.lua \"http://localhost:54321\"", first.source.command);
        assertEquals(40000.0, first.rate);
        assertEquals("get", first.workload.name);
        assertEquals("get.lua", first.workload.script);
        assertEquals(30.0, first.durationSeconds);
        assertEquals(80, first.connections);
        assertEquals(49814.69, first.achievedRate);
        assertEquals(173.57, first.percentile(99));
        assertEquals(List.of(), first.flagMessages());

        LoadRun second = runs.get(1);
        assertEquals(60000.0, second.rate);
        assertEquals(1160.0, second.percentile(90), "'1.16s ' with a trailing space");
        assertEquals(2360.0, second.percentile(100));
        assertNull(second.achievedRate);
        assertTrue(
                second.flagMessages().stream().anyMatch(f -> f.startsWith("no summary")),
                second.flagMessages().toString());

        LoadRun fifth = runs.get(4);
        assertEquals(8, fifth.threads, "the output's '8 threads' wins over the command's -t4");
        assertTrue(
                fifth.flagMessages()
                        .contains("the output says threads 8 but the command line says 4; kept the output's"),
                fifth.flagMessages().toString());
        assertEquals(10.85, fifth.percentile(99), "an unindented '99.000%   10.85ms'");
        assertEquals("put", runs.get(5).workload.name);
    }

    @Test
    void aTruncatedRunIsReportedWithItsLineAndTheOthersAreStillRead() {
        String text = String.join(
                "\n",
                "Running 30s test @ http://localhost:8080", // 1
                "  1 threads and 1 connections", // 2
                "  Latency Distribution (HdrHistogram - Recorded Latency)", // 3
                " 50.000%  662.00us", // 4
                " 75.000%    0.96ms", // 5
                "Running 30s test @ http://localhost:8080", // 6
                "  1 threads and 1 connections", // 7
                "  Thread Stats   Avg      Stdev     Max   +/- Stdev", // 8
                "    Latency   814.44us    1.97ms  53.09ms   98.86%", // 9
                "  1699985 requests in 30.00s, 112.43MB read", // 10
                "Requests/sec:  56666.17", // 11
                "Transfer/sec:      1.12MB");
        ParseResult result = Wrk2Parser.parse(text, "cut.txt");
        assertEquals(1, result.runs().size());
        assertEquals(2, result.runs().getFirst().source.block);
        assertEquals(56666.17, result.runs().getFirst().achievedRate);
        assertEquals(0.81444, result.runs().getFirst().latency.mean);
        assertEquals(1, result.problems().size());
        String problem = result.problems().getFirst();
        assertTrue(problem.startsWith("cut.txt:5: run 1 (from line 1) not imported"), problem);
        assertTrue(problem.contains("percentile lines up to '100.000%"), problem);
    }

    @Test
    void aSpectrumCutOffBeforeItsFooterNamesTheLineWhereItStops() {
        String text = String.join(
                "\n",
                "```", // 1
                "  Detailed Percentile spectrum:", // 2
                "       Value   Percentile   TotalCount 1/(1-Percentile)", // 3
                "", // 4
                "       0.028     0.000000            1         1.00", // 5
                "       0.167     0.100000       153666         1.11", // 6
                "```", // 7
                "Дальше текст отчёта.");
        ParseResult result = Wrk2Parser.parse(text, "report.md");
        assertEquals(List.of(), result.runs());
        assertEquals(1, result.problems().size());
        String problem = result.problems().getFirst();
        assertTrue(problem.startsWith("report.md:6: "), problem);
        assertTrue(
                problem.contains("#[Mean = <ms>, StdDeviation = <ms>]") && problem.contains("line 7 '```'"), problem);
    }

    @Test
    void aMalformedLineSaysWhatItShouldLookLike() {
        String text = String.join(
                "\n",
                "Running 10s test @ http://localhost:8080",
                "  Thread Stats   Avg      Stdev     Max   +/- Stdev",
                "    Latency   1.00ms    1.00ms  3.00ms   98.86%",
                "  100 requests in 10.00s, 1.00MB read",
                "  Socket errors: connect 0, read many, write 0, timeout 0",
                "Requests/sec:  10.00");
        ParseResult result = Wrk2Parser.parse(text, "bad.txt");
        assertEquals(List.of(), result.runs());
        assertEquals(
                List.of("bad.txt:5: run 1 (from line 1) not imported: expected 'Socket errors: connect N, read N,"
                        + " write N, timeout N', found 'Socket errors: connect 0, read many, write 0, timeout 0'"),
                result.problems());
    }

    @Test
    void aHeaderWithNothingAfterItIsAProblemNotARun() {
        ParseResult result = Wrk2Parser.parse(
                "Running 30s test @ http://localhost:8080\n  4 threads and 64 connections\n", "empty-run.txt");
        assertEquals(List.of(), result.runs());
        assertEquals(1, result.problems().size());
        assertTrue(
                result.problems().getFirst().startsWith("empty-run.txt:1: "),
                result.problems().getFirst());
        assertTrue(
                result.problems().getFirst().contains("no latency figures"),
                result.problems().getFirst());
    }

    @Test
    void textWithoutAnyRunGivesNeitherRunsNorProblems() {
        String text = """
                # Отчёт

                Нагрузочное тестирование с помощью [wrk2](https://github.com/giltene/wrk2) показало, что
                сервер держит 20000 rps. | 50.000% | 1.33ms |
                ```
                $ ./gradlew run
                ```
                """;
        ParseResult result = Wrk2Parser.parse(text, "prose.md");
        assertEquals(List.of(), result.runs());
        assertEquals(List.of(), result.problems());
    }

    @Test
    void aCommandLineInAFencedBlockWithTabsAndProse() {
        String text = """
                Запустим нагрузку:
                ```
                $ ./wrk -d 30 -t 4 -c 64 -R 10000 -L -s scripts/get.lua http://localhost:8080
                Running 30s test @ http://localhost:8080
                \t4 threads and 64 connections
                \tThread calibration: mean lat.: 1.234ms, rate sampling interval: 10ms
                \tLatency Distribution (HdrHistogram - Recorded Latency)
                 50.000%\t1.23us
                 75.000%\t850.00us
                 90.000%\t2.50ms
                 99.000%\t1.02s
                 99.900%\t1.50m
                 99.990%\t1.50m
                 99.999%\t1.50m
                100.000%\t1.50m
                \t299978 requests in 30.00s, 361.89MB read
                \tNon-2xx or 3xx responses: 2
                Requests/sec:   9999.30
                Transfer/sec:     12.06MB
                ```
                Видно, что хвост растёт.""";
        LoadRun run = validRuns(Wrk2Parser.parse(text, "reports/stage1.md"), 1).getFirst();
        assertEquals("./wrk -d 30 -t 4 -c 64 -R 10000 -L -s scripts/get.lua http://localhost:8080", run.source.command);
        assertEquals(10000.0, run.rate);
        assertEquals(4, run.threads);
        assertEquals(64, run.connections);
        assertEquals(30.0, run.durationSeconds);
        assertEquals("get", run.workload.name);
        assertEquals("scripts/get.lua", run.workload.script);
        assertEquals(
                List.of(0.00123, 0.85, 2.5, 1020.0, 90000.0, 90000.0, 90000.0, 90000.0),
                run.latency.percentiles.stream().map(p -> p.ms).toList());
        assertEquals(2, run.errors.non2xx);
        assertEquals(List.of(), run.flagMessages());
    }

    @Test
    void anotherGeneratorWithSingleSpacesReadsTheSame() {
        String text = """
                Running 5s test @ http://127.0.0.1:9000
                2 threads and 8 connections
                Latency Distribution (HdrHistogram - Recorded Latency)
                50.000% 1.00ms
                75.000% 1.10ms
                90.000% 1.20ms
                99.000% 2.00ms
                99.900% 3.00ms
                99.990% 3.10ms
                99.999% 3.20ms
                100.000% 3.30ms
                Detailed Percentile spectrum:
                Value Percentile TotalCount 1/(1-Percentile)
                1.000 0.500000 5 2.00
                3.300 1.000000 10 inf
                #[Mean = 1.500, StdDeviation = 0.700]
                #[Max = 3.300, Total count = 10]
                #[Buckets = 27, SubBuckets = 2048]
                ----------
                10 requests in 5.00s, 1.00KB read
                Socket errors: connect 1, read 2, write 3, timeout 4
                Requests/sec: 2.00
                Transfer/sec: 204.80B""";
        ParseResult result = Wrk2Parser.parse(text, "course-load_put_R2.txt");
        assertEquals(List.of(), result.problems());
        LoadRun run = valid(result.runs().getFirst());
        assertEquals(2.0, run.rate);
        assertEquals(2, run.threads);
        assertEquals(List.of("http://127.0.0.1:9000"), run.targets);
        assertEquals(2.0, run.percentile(99));
        assertEquals(2, run.spectrum.size());
        assertEquals(10, run.spectrum.getLast().count);
        assertEquals(1.5, run.latency.mean);
        assertEquals(10, run.errors.total());
        assertEquals(2.0, run.achievedRate);
    }

    @Test
    void runsPastedBackToBackWithoutHeadersAreToldApart() {
        String percentiles = " 50.000%    1.00ms\n 75.000%    1.10ms\n 90.000%    1.20ms\n 99.000%    2.00ms\n"
                + " 99.900%    3.00ms\n 99.990%    3.10ms\n 99.999%    3.20ms\n100.000%    3.30ms\n";
        ParseResult result = Wrk2Parser.parse(percentiles + "\n" + percentiles.replace("2.00ms", "9.00ms"), "two.txt");
        assertEquals(List.of(), result.problems());
        assertEquals(2, result.runs().size());
        assertEquals(2.0, result.runs().get(0).percentile(99));
        assertEquals(9.0, result.runs().get(1).percentile(99));
    }

    @Test
    void rateAndWorkloadFromTheFileNameOnlyWhenItIsClear() {
        assertEquals(22000.0, FileNameHints.rate("stage2/t4_c10_R22000_put.txt").orElseThrow());
        assertEquals(20000.0, FileNameHints.rate("get_20000rps_flush.txt").orElseThrow());
        assertEquals(32000.0, FileNameHints.rate("upsert_32000rps.txt").orElseThrow());
        assertTrue(FileNameHints.rate("get_10000_wrk.txt").isEmpty(), "a bare number is not clearly a rate");
        assertTrue(FileNameHints.rate("Report_2024.md").isEmpty());
        assertEquals("put", FileNameHints.workload("d30_t1_c1_R22000_put.txt").orElseThrow());
        assertEquals(
                "get", FileNameHints.workload("wrk-get-128-connections.txt").orElseThrow());
        assertTrue(FileNameHints.workload("t4_c700_R22000_qs200.txt").isEmpty());
    }

    @Test
    void commandLinesInTheirUsualSpellings() {
        WrkCommand joined =
                WrkCommand.parse("wrk2 -c64 -t4 -R15000 -d2m -s assets/scripts/put.lua -L http://localhost:8080");
        assertEquals(
                new WrkCommand(joined.text(), 15000.0, 4, 64, 120.0, "assets/scripts/put.lua", "http://localhost:8080"),
                joined);
        WrkCommand longForm = WrkCommand.parse(
                "wrk --rate=5k --threads 2 --connections=16 --duration 10s -H 'Host: x'" + " --latency http://h:1/");
        assertEquals(5000.0, longForm.rate());
        assertEquals(2, longForm.threads());
        assertEquals(16, longForm.connections());
        assertEquals(10.0, longForm.durationSeconds());
        assertNull(longForm.script());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> WrkCommand.parse("wrk -c lots http://h/"));
        assertTrue(e.getMessage().contains("-c") && e.getMessage().contains("'lots'"), e.getMessage());
    }

    /** Twelve rows of a small wrk2 spectrum as a report pastes them: no title, no column header, no footer. */
    private static final List<String> BARE_ROWS = List.of(
            "\t   0.050     0.000000            1         1.00",
            "       0.200     0.100000          100         1.11",
            "       0.400     0.200000          200         1.25",
            "       0.500     0.300000          300         1.43",
            "       0.600     0.400000          400         1.67",
            "       0.700     0.500000          500         2.00",
            "       0.900     0.750000          750         4.00",
            "       1.100     0.900000          900        10.00",
            "       2.000     0.990000          990       100.00",
            "       3.000     0.999000          999      1000.00",
            "       4.000     0.999900         1000     10000.00",
            "       5.000     1.000000         1000          inf");

    private static String fenced(List<String> above, List<String> rows) {
        List<String> lines = new ArrayList<>(above);
        lines.add("```");
        lines.addAll(rows);
        lines.add("");
        lines.add("```");
        lines.add("Видно, что хвост растёт.");
        return String.join("\n", lines);
    }

    @Test
    void bareSpectrumRowsInACodeFenceAreASpectrumOnlyRun() {
        String text = fenced(
                List.of("# Отчёт", "Нагрузку давали с `-R 8000` в 4 потока.", "", "### *GET*", "", "Результаты:"),
                BARE_ROWS);
        LoadRun run = validRuns(Wrk2Parser.parse(text, "reports/stage2.md"), 1).getFirst();
        assertEquals(1, run.source.block);
        assertNull(run.source.command);
        assertEquals("get", run.workload.name);
        assertEquals(8000.0, run.rate);
        assertEquals(1000L, run.requests, "the last row's total count");
        assertNull(run.achievedRate);
        assertEquals(
                List.of(0.7, 0.9, 1.1, 2.0, 3.0, 4.0, 5.0, 5.0),
                run.latency.percentiles.stream().map(p -> p.ms).toList(),
                "first value at or above each percentile");
        assertEquals(
                RunBuilder.STANDARD_PERCENTILES,
                run.latency.percentiles.stream().map(p -> p.p).toList());
        assertEquals(12, run.spectrum.size());
        assertEquals(0.05, run.spectrum.getFirst().ms, "the row after a leading tab");
        assertEquals(
                List.of(
                        "target rate 8000 inferred from the text at line 2",
                        "workload 'get' inferred from the heading '### *GET*' at line 4",
                        "percentiles read from the detailed spectrum (no 'Latency Distribution' block): each is the spectrum's"
                                + " first value at or above that percentile",
                        "read from a bare spectrum: rows pasted without wrk2's 'Detailed Percentile spectrum' header, its"
                                + " '#[Mean = ...]' footer, the summary ('Requests/sec:') and a command line; requests are the"
                                + " spectrum's last total count, achieved rate unknown"),
                run.flagMessages());
    }

    @Test
    void fourColumnTablesThatAreNotASpectrumAreNotImported() {
        List<String> decreasing = new ArrayList<>(BARE_ROWS);
        decreasing.set(6, "       0.900     0.350000          750         1.54");
        List<String> notInverse =
                BARE_ROWS.stream().map(r -> r.replace("10.00", "12.00")).toList();
        List<String> countFalls =
                BARE_ROWS.stream().map(r -> r.replace("  900  ", "  190  ")).toList();
        List<String> tooFew = BARE_ROWS.subList(3, 12);
        for (List<String> rows : List.of(decreasing, notInverse, countFalls, tooFew)) {
            ParseResult result = Wrk2Parser.parse(fenced(List.of("### PUT"), rows), "table.md");
            assertEquals(List.of(), result.runs(), rows.toString());
            assertEquals(List.of(), result.problems(), "a table of numbers is not wrk2 output: " + rows);
        }
    }

    @Test
    void bareRowsThatStopBeforeTheLastRowAreAProblem() {
        ParseResult result = Wrk2Parser.parse(fenced(List.of("### PUT"), BARE_ROWS.subList(0, 11)), "cut.md");
        assertEquals(List.of(), result.runs());
        assertEquals(1, result.problems().size());
        String problem = result.problems().getFirst();
        assertTrue(
                problem.startsWith("cut.md:13: run 1 (from line 3) not imported: spectrum rows pasted without their"
                        + " header stop at percentile 0.9999"),
                problem);
        assertTrue(problem.contains("'1.000000 inf'"), problem);
    }

    @Test
    void workloadAndRateStayUnknownWhenTheTextNamesSeveral() {
        String text = fenced(List.of("Сравним 10000 rps и 20000 rps.", "## PUT и GET"), BARE_ROWS);
        LoadRun run = valid(Wrk2Parser.parse(text, "reports/both.md").runs().getFirst());
        assertEquals("unknown", run.workload.name);
        assertNull(run.rate);
        assertTrue(
                run.flagMessages()
                        .contains(
                                "workload unknown: no script on a command line above the run and none in the"
                                        + " file name; the text above the run names more than one workload: put (line 2), get (line 2)"),
                run.flagMessages().toString());
        assertTrue(
                run.flagMessages()
                        .contains(
                                "target rate unknown: no command line with -R above the run and no rate in the"
                                        + " file name; the text above the run names more than one rate: 10000 (line 1), 20000 (line 1)"),
                run.flagMessages().toString());
    }

    @Test
    void twoBareSpectraBackToBackAndOneWithItsFooterAreThreeRuns() {
        List<String> rows = new ArrayList<>(BARE_ROWS);
        rows.addAll(BARE_ROWS.stream().map(r -> r.replace("5.000", "9.000")).toList());
        rows.add("#[Mean    =        0.812, StdDeviation   =        0.400]");
        rows.add("#[Max     =        8.999, Total count    =         1000]");
        rows.add("```");
        rows.add("```");
        rows.addAll(BARE_ROWS);
        List<LoadRun> runs = validRuns(Wrk2Parser.parse(fenced(List.of("### DELETE"), rows), "three.md"), 3);
        assertEquals(
                List.of(5.0, 9.0, 5.0),
                runs.stream().map(r -> r.percentile(100)).toList());
        LoadRun withFooter = runs.get(1);
        assertEquals(0.812, withFooter.latency.mean);
        assertEquals(8.999, withFooter.latency.max);
        assertTrue(
                withFooter
                        .flagMessages()
                        .contains("read from a bare spectrum: rows pasted without wrk2's 'Detailed Percentile"
                                + " spectrum' header, the summary ('Requests/sec:') and a command line; requests are the spectrum's"
                                + " last total count, achieved rate unknown"),
                withFooter.flagMessages().toString());
        assertTrue(runs.stream().allMatch(r -> "delete".equals(r.workload.name)));
    }

    @Test
    void aCommandLineAboveBareRowsGivesTheirRateAndScript() {
        String text = fenced(
                List.of("## GET", "```", "wrk2 -t1 -c1 -d30s -R 3000 -s put.lua http://localhost:8080", "```"),
                BARE_ROWS);
        LoadRun run = valid(Wrk2Parser.parse(text, "reports/cmd.md").runs().getFirst());
        assertEquals(3000.0, run.rate);
        assertEquals("put", run.workload.name, "the script wins over the heading");
        assertEquals(30.0, run.durationSeconds);
        assertTrue(
                run.flagMessages().stream()
                        .anyMatch(f -> f.startsWith("read from a bare spectrum")
                                && f.contains("and the summary ('Requests/sec:');")),
                run.flagMessages().toString());
    }

    /** The runs of a text that parsed without a problem: {@code count} of them, each valid by the results schema. */
    private static List<LoadRun> validRuns(ParseResult result, int count) {
        assertEquals(List.of(), result.problems());
        assertEquals(count, result.runs().size());
        result.runs().forEach(Wrk2ParserTest::valid);
        return result.runs();
    }

    private static LoadRun valid(LoadRun run) {
        assertNotNull(run);
        assertEquals(List.of(), Results.violations(run), "schema violations of run " + run.source.block);
        return run;
    }
}
