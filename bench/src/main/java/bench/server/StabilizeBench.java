package bench.server;

import course.load.LoadApi;
import course.load.LoadOptions;
import course.results.LoadRun;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench stabilize}: does keeping the vCPUs busy (--stabilize) help or hurt on this machine? Alternating runs
 * of the plain and the stabilized mode against the filled stage-1 reference, several repetitions, medians of p99.
 * The load kit's default decides per run from a steal probe; this is the evidence that decision must agree with.
 */
public final class StabilizeBench {
    private StabilizeBench() {}

    record Row(int repetition, String mode, double p50Ms, double p99Ms, double achieved, List<String> flags) {}

    static int run(StabilizeBenchOptions o) throws Exception {
        long repeats = o.repeats();
        long rate = o.rate();
        GeneratorOptions g = o.generator();
        long keys = g.keys();
        List<Row> rows = new ArrayList<>();
        try (FilledReference server = FilledReference.start("stabilize", keys, 100)) {
            PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
            for (int r = 1; r <= repeats; r++) {
                List<String> order = r % 2 == 1 ? List.of("plain", "stabilized") : List.of("stabilized", "plain");
                for (String mode : order) {
                    List<String> load = g.loadCommand(
                            server.url(), rate, 8, 1, mode.equals("plain") ? "--no-stabilize" : "--stabilize");
                    LoadRun run = LoadApi.run(LoadOptions.parse(load.toArray(String[]::new)), quiet);
                    Row row = new Row(
                            r,
                            mode,
                            run.percentile(50.0),
                            run.percentile(99.0),
                            run.achievedRate,
                            run.flags.stream().map(f -> f.kind).toList());
                    rows.add(row);
                    System.out.printf(
                            Locale.ROOT,
                            "  repetition %d %-10s p50 %8.3f ms  p99 %9.3f ms  achieved %.1f%s%n",
                            r,
                            mode,
                            row.p50Ms(),
                            row.p99Ms(),
                            row.achieved(),
                            row.flags().isEmpty() ? "" : "  flags: " + String.join(",", row.flags()));
                }
            }
        }
        double plain = Medians.of(p99s(rows, "plain"));
        double stabilized = Medians.of(p99s(rows, "stabilized"));
        System.out.println();
        System.out.print(table(rows, plain, stabilized));
        BenchSummary summary = new BenchSummary("stabilize");
        summary.doc().put("rate", rate).put("keys", keys);
        summary.runs(rows)
                .put("medianP99PlainMs", plain)
                .put("medianP99StabilizedMs", stabilized)
                .put("ratio", stabilized / plain);
        summary.save(o.out());
        return 0;
    }

    private static List<Double> p99s(List<Row> rows, String mode) {
        return rows.stream().filter(r -> r.mode().equals(mode)).map(Row::p99Ms).toList();
    }

    static String table(List<Row> rows, double plain, double stabilized) {
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT, "%-12s %14s %14s %14s%n", "mode", "median p50 ms", "median p99 ms", "runs flagged"));
        for (String mode : List.of("plain", "stabilized")) {
            List<Row> mine = rows.stream().filter(r -> r.mode().equals(mode)).toList();
            sb.append(String.format(
                    Locale.ROOT,
                    "%-12s %14.3f %14.3f %14s%n",
                    mode,
                    Medians.of(mine.stream().map(Row::p50Ms).toList()),
                    mode.equals("plain") ? plain : stabilized,
                    mine.stream().filter(r -> !r.flags().isEmpty()).count() + " of " + mine.size()));
        }
        sb.append(String.format(
                Locale.ROOT,
                "stabilized / plain, median p99: %.2f (above 1: stabilizing makes the"
                        + " tail worse here; the default must then stay plain)%n",
                stabilized / plain));
        return sb.toString();
    }
}
