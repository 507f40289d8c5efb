package grading.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import course.harness.Cluster;
import course.harness.NodeMode;
import course.load.LoadApi;
import course.load.LoadOptions;
import course.load.SaturateOptions;
import course.results.LoadRun;
import course.runtime.Submission;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * The performance JVM the grader starts inside the sandbox: starts a cluster of one factory (every node a JVM of
 * its own), fills it with PUTs, runs a bounded saturation search of GETs through node 0, and reports the search and
 * the run at the sustained rate on stdout as {@link ReportLine} lines that begin with the secret read from stdin.
 *
 * <p>Takes no arguments: stdin holds the report secret on its first line and the {@link PerfPlan} (JSON) on its
 * second.
 */
public final class PerfRunner {
    /** Both sides use the same seed, so they are asked for the same keys in the same order. */
    static final String SEED = "20240601";

    private PerfRunner() {}

    public static void main(String[] args) throws Exception {
        SandboxStdin<PerfPlan> given = SandboxStdin.read("perf", args, rest -> PerfPlan.fromJson(rest.readLine()));
        PerfPlan plan = given.plan();
        String secret = given.secret();
        PrintStream reports = given.reports();
        int stage = plan.stage();
        long keys = plan.keys();
        String valueSize = String.valueOf(plan.valueSize());
        String c = String.valueOf(plan.connections());
        String t = String.valueOf(plan.threads());
        // A plain mapper: the results schema (and its validator) stays outside the sandbox, with the grader.
        ObjectMapper json = new ObjectMapper();
        try (Cluster cluster = new Cluster(
                new Submission(plan.factory(), stage),
                plan.nodes(),
                NodeMode.PROCESS,
                plan.heap(),
                Files.createTempDirectory("course-perf-"))) {
            cluster.startAll();
            String url = cluster.url(0);
            // The fill writes every key once, in order, at a rate any passing stage sustains.
            double fillRate = 4000;
            List<String> fill = List.of(
                    "--url",
                    url,
                    "--workload",
                    "put",
                    "--key-order",
                    "sequential",
                    "--keys",
                    String.valueOf(keys),
                    "--value-size",
                    valueSize,
                    "-R",
                    String.valueOf((int) fillRate),
                    "-d",
                    Math.max(1, (long) Math.ceil(keys / fillRate)) + "s",
                    "-c",
                    c,
                    "-t",
                    t,
                    "--timeout",
                    "5s",
                    "--seed",
                    SEED,
                    "--no-progress",
                    "--stage",
                    String.valueOf(stage),
                    "--warmup",
                    "0");
            System.err.println("perf: filling " + keys + " keys through " + url);
            LoadRun filled = LoadApi.run(LoadOptions.parse(fill.toArray(String[]::new)), System.err);
            reports.println(ReportLine.line(secret, "PERF", "fill", "", "", 0, json.writeValueAsString(filled)));
            List<String> search = new ArrayList<>(List.of(
                    "--url",
                    url,
                    "--workload",
                    "get",
                    "--key-order",
                    "uniform",
                    "--keys",
                    String.valueOf(keys),
                    "--value-size",
                    valueSize,
                    "-c",
                    c,
                    "-t",
                    t,
                    "--start-rate",
                    "1000",
                    "--step-duration",
                    plan.stepSeconds() + "s",
                    "--pause",
                    "500ms",
                    "--max-steps",
                    String.valueOf(plan.maxSteps()),
                    "--resolution",
                    "10%",
                    "--seed",
                    SEED,
                    "--no-progress",
                    // JIT and caches warm up before the first step (the search's own warm-up, not recorded), so
                    // that step measures the server, not its warm-up (on a cold 2-core VM that alone can break a
                    // 10 ms p99).
                    "--warmup",
                    "3s",
                    "--stage",
                    String.valueOf(stage)));
            System.err.println("perf: saturation search of GETs through " + url);
            LoadApi.Search s = LoadApi.saturate(SaturateOptions.parse(search.toArray(String[]::new)), System.err);
            reports.println(
                    ReportLine.line(secret, "PERF", "search", "", "", 0, json.writeValueAsString(s.saturation())));
            if (s.sustained() != null) {
                reports.println(ReportLine.line(
                        secret, "PERF", "sustained", "", "", 0, json.writeValueAsString(s.sustained())));
            }
        } catch (Exception e) {
            reports.println(ReportLine.line(secret, "PERF", "error", "", "", 0, String.valueOf(e)));
        }
        reports.println(ReportLine.line(secret, "DONE", "", "", "", 0, ""));
        reports.flush();
        Runtime.getRuntime().halt(0);
    }
}
