package bench.server;

import course.load.SaturateCommand;
import course.results.Environment;
import course.results.Results;
import course.results.Saturation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench server}: the highest GET rate under the SLO for the stage-1 reference over a filled LSM database,
 * next to the same one-nio server answering from memory, both driven by ./course saturate in one run.
 * Goal: the reference reaches 90% of the in-memory ceiling.
 */
public final class ServerBench {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private ServerBench() {}

    /** Measures both servers and saves the summary; returns the exit status. */
    static int run(ServerBenchOptions o) throws Exception {
        Path work = Files.createTempDirectory("course-bench-server-");
        // A folder of this run's own: a search's folder must be new (./course saturate refuses one holding files).
        Path steps = o.out()
                .toAbsolutePath()
                .getParent()
                .resolve("bench-server")
                .resolve(LocalDateTime.now(ZoneId.systemDefault()).format(STAMP));
        List<Row> rows = new ArrayList<>();
        try {
            FilledReference.fill(work, o.keys(), o.valueSize());
            try (ServerProcess memory = ServerProcess.start(
                    "in-memory",
                    work.resolve("memory.log"),
                    InMemoryServerMain.class.getName(),
                    "--keys",
                    String.valueOf(o.keys()),
                    "--value-size",
                    String.valueOf(o.valueSize()))) {
                rows.add(saturate("in-memory", memory.url, o, steps));
            }
            try (ServerProcess reference = FilledReference.startReference(work)) {
                rows.add(saturate("reference", reference.url, o, steps));
            }
        } finally {
            deleteQuietly(work);
        }
        Double ratio = rows.get(0).sustained() == null || rows.get(1).sustained() == null
                ? null
                : rows.get(1).sustained() / rows.get(0).sustained();
        String table = table(rows, ratio);
        System.out.println();
        System.out.print(table);
        Results.writeAtomically(o.out(), json(o, rows, ratio));
        System.out.println("saved " + o.out().toAbsolutePath());
        return 0;
    }

    record Row(String server, Double sustained, double p99AtSustained, int steps) {}

    private static Row saturate(String name, String url, ServerBenchOptions o, Path steps) throws IOException {
        Path dir = steps.resolve(name);
        System.out.println("saturating the " + name + " server at " + url + " (GET, uniform keys) ...");
        int code = new SaturateCommand(System.out, System.err).execute(new String[] {
            "--url",
            url,
            "--workload",
            "get",
            "--keys",
            String.valueOf(o.keys()),
            "--key-order",
            "uniform",
            "-c",
            String.valueOf(o.connections()),
            "-t",
            String.valueOf(o.threads()),
            "--step-duration",
            o.stepDuration(),
            "--start-rate",
            "2000",
            "--out",
            dir.toString(),
            "--no-progress",
            "--stage",
            "1",
            "--label",
            "bench server: " + name
        });
        if (code != 0) {
            throw new IOException("saturate against the " + name + " server failed with exit code " + code);
        }
        Saturation s = Results.read(dir.resolve("saturation.json"), Saturation.class);
        Double sustained = s.result.sustainedRate;
        double p99 = s.steps.stream()
                .filter(step -> sustained != null && step.rate == sustained)
                .mapToDouble(step -> step.p99Ms)
                .findFirst()
                .orElse(Double.NaN);
        return new Row(name, sustained, p99, s.steps.size());
    }

    static String table(List<Row> rows, Double ratio) {
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT, "%-10s %16s %16s %6s%n", "server", "GET rate (SLO)", "p99 ms at rate", "steps"));
        for (Row r : rows) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%-10s %16s %16.2f %6d%n",
                    r.server(),
                    r.sustained() == null ? "none passed" : String.format(Locale.ROOT, "%.0f", r.sustained()),
                    r.p99AtSustained(),
                    r.steps()));
        }
        sb.append(
                ratio == null
                        ? "ratio: not measurable (a server met the SLO at no step)\n"
                        : String.format(
                                Locale.ROOT, "reference / in-memory ceiling: %.2f (goal: at least 0.90)%n", ratio));
        return sb.toString();
    }

    private static String json(ServerBenchOptions o, List<Row> rows, Double ratio) throws IOException {
        var mapper = Results.mapper();
        var doc = mapper.createObjectNode();
        doc.put("benchmark", "server");
        doc.put("keys", o.keys());
        doc.put("valueSize", o.valueSize());
        doc.put("stepDuration", o.stepDuration());
        doc.set("environment", mapper.valueToTree(Environment.probe()));
        var servers = doc.putArray("servers");
        for (Row r : rows) {
            var row = servers.addObject();
            row.put("server", r.server());
            row.put("sustainedRate", r.sustained());
            if (Double.isNaN(r.p99AtSustained())) {
                row.putNull("p99Ms");
            } else {
                row.put("p99Ms", r.p99AtSustained());
            }
        }
        doc.put("ratio", ratio);
        return mapper.writeValueAsString(doc) + "\n";
    }

    /** The options, or null when --help was asked for. */
    static ServerBenchOptions parse(String[] args) {
        return ServerBenchOptions.parse(args);
    }

    private static void deleteQuietly(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("bench server: could not delete " + dir + ": " + e.getMessage());
        }
    }
}
