package bench.server;

import course.harness.JavaCommand;
import course.load.LoadApi;
import course.results.LoadRun;
import course.results.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench load}: the course's generator next to the real wrk2 against the same filled stage-1 reference, at the
 * same rates, runs alternating: latency (p50/p99/p99.9), achieved rate and the CPU each tool took per 100k requests.
 * On a 2-core machine the generator's CPU is taken from the server, so a costlier generator makes the server look
 * slower; the goal is a CPU ratio (ours / wrk2) of at most 1.0. Without wrk2 ($WRK2 or on PATH) it reports ours.
 */
public final class LoadToolBench {
    /** How long the server runs at each rate before that rate's measured runs. */
    static final String SERVER_WARMUP = "5s";

    private LoadToolBench() {}

    record Row(
            String tool,
            long rate,
            int repetition,
            double p50Ms,
            double p99Ms,
            double p999Ms,
            double maxMs,
            double achieved,
            long requests,
            double cpuSeconds,
            double cpuPer100k,
            List<String> flags,
            LoadRun.Contention machine) {}

    static int run(LoadBenchOptions o) throws Exception {
        List<Long> rates = o.rates();
        long repeats = o.repeats();
        GeneratorOptions g = o.generator();
        long keys = g.keys();
        String duration = g.duration();
        long timeout = 120 + g.seconds();
        Path work = Files.createTempDirectory("course-bench-load-");
        List<Row> rows = new ArrayList<>();
        boolean haveWrk2;
        try (FilledReference server = FilledReference.start("load", keys, 100)) {
            haveWrk2 = LoadApi.wrk2Command(args(server.url(), 1000, g.duration(), g), work) != null;
            if (!haveWrk2) {
                System.out.println("wrk2 not found ($WRK2, or 'wrk2' / a 'wrk' taking -R on PATH): reporting the"
                        + " course's generator only");
            }
            int n = 0;
            for (long rate : rates) {
                warmServer(server.url(), rate, g, work, timeout);
                for (int r = 1; r <= repeats; r++) {
                    List<String> tools = new ArrayList<>(List.of("course-load"));
                    if (haveWrk2) {
                        tools.add(r % 2 == 1 ? 1 : 0, "wrk2");
                    }
                    for (String tool : tools) {
                        List<String> load = args(server.url(), rate, g.duration(), g);
                        // The machine around each run, watched from here: the tool and the server are this JVM's
                        // children, so "other processes" are the rest of the machine.
                        LoadApi.ContentionWatch watch = LoadApi.watchContention();
                        Row measured = tool.equals("wrk2")
                                ? wrk2(load, work, rate, r, timeout)
                                : ours(load, work.resolve("run-" + (++n) + ".json"), rate, r, timeout);
                        Row row = withMachine(measured, watch.finish());
                        rows.add(row);
                        System.out.printf(
                                Locale.ROOT,
                                "  %-11s %6d/s #%d: p50 %7.3f  p99 %8.3f  p99.9 %8.3f ms,"
                                        + " max %8.3f ms, achieved %8.1f, CPU %.2f s (%.3f s per 100k)%s; machine: %s%n",
                                row.tool(),
                                rate,
                                r,
                                row.p50Ms(),
                                row.p99Ms(),
                                row.p999Ms(),
                                row.maxMs(),
                                row.achieved(),
                                row.cpuSeconds(),
                                row.cpuPer100k(),
                                row.flags().isEmpty() ? "" : "  flags: " + String.join(",", row.flags()),
                                row.machine() == null ? "not watched" : LoadApi.seen(row.machine()));
                    }
                }
            }
        } finally {
            try (var paths = Files.walk(work)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        String table = table(rows, rates);
        System.out.println();
        System.out.print(table);
        BenchSummary summary = new BenchSummary("load");
        summary.doc().put("keys", keys).put("duration", duration);
        summary.runs(rows).put("table", table);
        summary.save(o.out());
        return 0;
    }

    private static List<String> args(String url, long rate, String duration, GeneratorOptions g) {
        return g.loadCommand(url, rate, duration, 64, 2, "--no-stabilize", "--seed", "1");
    }

    /**
     * An unrecorded run of ours at {@code rate} before the measured ones: the server's first seconds at a new rate
     * (its JIT for the new mix, its pools growing) otherwise went to whichever tool ran there first, in the runs of
     * 2026-11-27 ours (p99.9 16.3 ms at 10k in its first run, 5.9-8.9 after).
     */
    private static void warmServer(String url, long rate, GeneratorOptions g, Path work, long timeout)
            throws Exception {
        List<String> load = new ArrayList<>(args(url, rate, SERVER_WARMUP, g));
        load.addAll(List.of("--warmup", "0"));
        Row warm = ours(load, work.resolve("server-warmup-" + rate + ".json"), rate, 0, timeout);
        System.out.printf(
                Locale.ROOT,
                "  server warm-up at %d/s for %s (unrecorded): p99 %.3f ms, achieved %.1f%n",
                rate,
                SERVER_WARMUP,
                warm.p99Ms(),
                warm.achieved());
    }

    private static Row ours(List<String> load, Path json, long rate, int r, long timeout) throws Exception {
        List<String> command = new ArrayList<>(List.of(JavaCommand.javaBinary()));
        command.addAll(JavaCommand.standardFlags());
        command.addAll(List.of("-cp", JavaCommand.classpath(), "course.load.LoadCommand"));
        command.addAll(load);
        command.addAll(List.of("--out", json.toString()));
        ToolRun t = ToolRun.run(command, timeout);
        return row("course-load", Results.read(json, LoadRun.class), rate, r, t.cpuSeconds);
    }

    private static Row wrk2(List<String> load, Path work, long rate, int r, long timeout) throws Exception {
        Path scripts = Files.createTempDirectory(work, "lua-");
        List<String> command = new ArrayList<>(LoadApi.wrk2Command(load, scripts));
        // Line-buffered, so its "Running" and "Requests/sec:" lines arrive as they are printed and its CPU is read
        // over the same span as ours (stdbuf execs wrk2 in place: the pid stays the tool's).
        if (Files.isExecutable(Path.of("/usr/bin/stdbuf"))) {
            command.addAll(0, List.of("/usr/bin/stdbuf", "-oL"));
        }
        ToolRun t = ToolRun.run(command, timeout);
        return row("wrk2", LoadApi.wrk2Run(t.output, load), rate, r, t.cpuSeconds);
    }

    private static Row row(String tool, LoadRun run, long rate, int r, double cpu) {
        long requests = run.requests == null ? 0 : run.requests;
        return new Row(
                tool,
                rate,
                r,
                orNaN(run.percentile(50.0)),
                orNaN(run.percentile(99.0)),
                orNaN(run.percentile(99.9)),
                orNaN(run.percentile(100.0)),
                run.achievedRate == null ? Double.NaN : run.achievedRate,
                requests,
                cpu,
                requests == 0 ? Double.NaN : cpu / requests * 100_000,
                run.flags.stream().map(f -> f.kind).toList(),
                null);
    }

    /**
     * The row with what the machine did meanwhile, and a {@code contended} flag when that was more than the thresholds
     * of {@code ./course load} allow: such a run compares the machine as much as the tools.
     */
    static Row withMachine(Row row, LoadRun.Contention machine) {
        List<String> flags = new ArrayList<>(row.flags());
        if (machine != null && LoadApi.contended(machine) != null) {
            flags.add("contended");
        }
        return new Row(
                row.tool(),
                row.rate(),
                row.repetition(),
                row.p50Ms(),
                row.p99Ms(),
                row.p999Ms(),
                row.maxMs(),
                row.achieved(),
                row.requests(),
                row.cpuSeconds(),
                row.cpuPer100k(),
                List.copyOf(flags),
                machine);
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }

    /** Medians per tool and rate, and ours / wrk2 for CPU per request, p99, p99.9 and the maximum. */
    static String table(List<Row> rows, List<Long> rates) {
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT,
                "%-11s %7s %9s %9s %9s %9s %10s %14s %5s%n",
                "tool",
                "rate",
                "p50 ms",
                "p99 ms",
                "p99.9 ms",
                "max ms",
                "achieved",
                "CPU s/100k req",
                "runs"));
        for (long rate : rates) {
            double[] cpu = new double[2];
            double[] p99 = new double[2];
            double[] p999 = new double[2];
            double[] max = new double[2];
            int i = 0;
            for (String tool : List.of("course-load", "wrk2")) {
                List<Row> mine = rows.stream()
                        .filter(x -> x.tool().equals(tool) && x.rate() == rate)
                        .toList();
                if (mine.isEmpty()) {
                    cpu[i] = p99[i] = p999[i] = max[i] = Double.NaN;
                    i++;
                    continue;
                }
                cpu[i] = Medians.of(mine.stream().map(Row::cpuPer100k).toList());
                p99[i] = Medians.of(mine.stream().map(Row::p99Ms).toList());
                p999[i] = Medians.of(mine.stream().map(Row::p999Ms).toList());
                max[i] = Medians.of(mine.stream().map(Row::maxMs).toList());
                sb.append(String.format(
                        Locale.ROOT,
                        "%-11s %7d %9.3f %9.3f %9.3f %9.3f %10.1f %14.3f %5d%n",
                        tool,
                        rate,
                        Medians.of(mine.stream().map(Row::p50Ms).toList()),
                        p99[i],
                        p999[i],
                        max[i],
                        Medians.of(mine.stream().map(Row::achieved).toList()),
                        cpu[i],
                        mine.size()));
                i++;
            }
            if (!Double.isNaN(cpu[1])) {
                sb.append(String.format(
                        Locale.ROOT,
                        "  at %d/s, course-load / wrk2: CPU per request %.2f (goal <= 1.0),"
                                + " p99 %.2f (goal at 10k: <= 1.5), p99.9 %.2f (goal <= 1.0), max %.2f (goal <= 1.0)%n",
                        rate,
                        cpu[0] / cpu[1],
                        p99[0] / p99[1],
                        p999[0] / p999[1],
                        max[0] / max[1]));
            }
        }
        sb.append(
                "(medians over the runs; CPU counted from each tool's 'Running' line to the first line of its report)\n");
        long contended =
                rows.stream().filter(x -> x.flags().contains("contended")).count();
        if (contended > 0) {
            sb.append(contended + " of " + rows.size() + " runs were contended (the machine's steal, CPU pressure or"
                    + " other processes above ./course load's thresholds; each run's line says what was seen): their"
                    + " figures compare the machine as much as the tools\n");
        }
        return sb.toString();
    }
}
