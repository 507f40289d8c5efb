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
 * second; what follows grants its turns ({@link GrantedTurns}), one line per run that loads the machine.
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
        GrantedTurns turns = new GrantedTurns(given.more(), reports, secret);
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
            // The fill writes every key, in order. A cluster that forwards and replicates each PUT may not keep up
            // with the first rate on a busy machine, and a fill that falls behind stops before its last keys (the
            // grades of stages 3-6 once searched over GETs that were 50-90% 404s); PUTs are idempotent, so such a
            // fill runs again, slower.
            int connections = plan.connections();
            double fillRate = SINGLE_NODE_FILL_RATE / plan.nodes();
            for (int round = 1; ; round++, fillRate /= 2) {
                turns.take();
                System.err.println(
                        "perf: filling " + keys + " keys through " + url + " at " + (long) fillRate + " PUTs/s");
                LoadRun filled = LoadApi.run(
                        LoadOptions.parse(fill(url, keys, valueSize, c, t, fillRate, stage)
                                .toArray(String[]::new)),
                        System.err);
                reports.println(ReportLine.line(secret, "PERF", "fill", "", "", 0, json.writeValueAsString(filled)));
                if (wroteEveryKey(filled, keys, connections)) {
                    break;
                }
                if (round == FILLS) {
                    throw new IllegalStateException("the fill did not write every one of the " + keys + " keys even"
                            + " at " + (long) fillRate + " PUTs/s (" + filled.requests + " answers: "
                            + filled.errors.byStatus + ", " + filled.errors.timeout + " timeouts, "
                            + (filled.errors.connect + filled.errors.read + filled.errors.write)
                            + " socket errors), so a search of GETs would measure 404s");
                }
            }
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
                    String.valueOf(plan.startRate()),
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
                    // A step still contended after its repeat makes the side contended, and so measured again or
                    // "not measured": the steps after it would change nothing (on the busy suite they were ten
                    // more seconds of saturating load a measurement, thrown away).
                    "--stop-when-contended",
                    // JIT and caches warm up before the first step (the search's own warm-up, not recorded), so
                    // that step measures the server, not its warm-up (on a cold 2-core VM that alone can break a
                    // 10 ms p99).
                    "--warmup",
                    "3s",
                    "--stage",
                    String.valueOf(stage)));
            System.err.println("perf: saturation search of GETs through " + url);
            LoadApi.Search s =
                    LoadApi.saturate(SaturateOptions.parse(search.toArray(String[]::new)), System.err, turns);
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

    /**
     * The first fill's rate through one node (10,000 keys in 2.5 s), divided among a cluster's nodes: each forwards or
     * replicates a PUT, and a 3-node stage-4 cluster fell behind at 2,000 PUTs/s on the idle course VM.
     */
    static final double SINGLE_NODE_FILL_RATE = 4000;
    /** Fills tried, each at half the rate of the one before, so that they stay within the side's time limit. */
    static final int FILLS = 2;

    /**
     * Whether a fill wrote every key: the keys come in order, round and round, for a second longer than one round
     * takes, so a fill with no error, no answer but 2xx, and at least a round and a request per connection answered
     * (those still in flight when it ended are the newest, past the first round) wrote them all.
     */
    static boolean wroteEveryKey(LoadRun fill, long keys, int connections) {
        long answered = fill.requests == null ? 0 : fill.requests;
        return fill.errors.total() == 0 && answered >= keys + connections;
    }

    /** The fill's options: the keys in order at {@code rate} PUTs/s, for a second more than one round takes. */
    private static List<String> fill(
            String url, long keys, String valueSize, String c, String t, double rate, int stage) {
        return List.of(
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
                String.valueOf((int) rate),
                "-d",
                ((long) Math.ceil(keys / rate) + 1) + "s",
                "-c",
                c,
                "-t",
                t,
                "--timeout",
                "5s",
                "--seed",
                SEED,
                "--no-progress",
                // Nothing of the fill is measured: the stabilizer's steal probe (a CPU busy for a second) would
                // decide nothing, and its busy loops, where steal turns them on, would only slow the fill.
                "--no-stabilize",
                "--stage",
                String.valueOf(stage),
                // A cold 3-node stage-4 cluster answered its first seconds of 1,333 PUTs/s in 4-5 s each and never
                // caught up (14,600 of 20,000 answered, when the grader filled 20,000 keys); after 3 s at half the rate
                // it kept up.
                "--warmup",
                "3s");
    }
}
