package course.load;

import course.results.Environment;
import course.results.LoadRun;
import course.results.Saturation;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * One saturation search: constant-rate steps chosen by {@link SaturationSearch}, each judged against the SLO, a step
 * run on a contended CPU run again ({@link ContendedStepRepeat}). The one implementation behind both
 * {@code ./course saturate} ({@link SaturateCommand}: prints a table, writes every step) and
 * {@link LoadApi#saturate} (returns the runs, writes nothing); they differ only in their {@link Listener}.
 */
final class Saturator {
    /** What the caller shows while the search runs. */
    interface Listener {
        /** Step {@code n} at {@code rate} is run again: the CPU was contended during {@code contended}. */
        void again(int n, double rate, LoadRun contended);

        /** Step {@code n} at {@code rate} is done: its row of the document and its run. */
        void done(int n, double rate, Saturation.Step row, LoadRun run);
    }

    /** The search's document, the run at the sustained rate (null when no step passed) and every step's run. */
    record Result(Saturation doc, LoadRun sustained, List<LoadRun> steps) {}

    private final SaturateOptions s;
    private final Path dir;
    private final List<String> commandLine;
    private final ContentionSource contention;
    private LoadApi.Turn turn = LoadApi.NO_TURNS;

    /**
     * @param dir         where each step's files go ({@code step-NN-RATE.json}, ...), or null to write nothing
     * @param commandLine the search's own words, from which each step's {@code ./course load} command is derived
     *                    (recorded in the step's results so it can be re-run alone); empty for a search by API
     */
    Saturator(SaturateOptions s, Path dir, List<String> commandLine) {
        this(s, dir, commandLine, ContentionSource.MACHINE);
    }

    /** With each run's contention read from {@code contention}: the machine's counters, except in tests. */
    Saturator(SaturateOptions s, Path dir, List<String> commandLine, ContentionSource contention) {
        this.s = s;
        this.dir = dir;
        this.commandLine = List.copyOf(commandLine);
        this.contention = contention;
    }

    /** The same search, its warm-up and each later run first taking {@code turns} ({@link LoadApi.Turn}). */
    Saturator takingTurns(LoadApi.Turn turns) {
        this.turn = turns;
        return this;
    }

    /**
     * Runs the search. {@code notes} gets the stabilizer's decision, {@code said} the warm-up's line (once, before
     * the first step; the steps are not warmed up again), {@code runProgress} each run's per-second lines.
     */
    Result run(PrintStream notes, PrintStream said, PrintStream runProgress, Listener listener) throws Exception {
        Saturation doc = new Saturation();
        s.load.author().recordIn(doc);
        doc.stage = s.load.stage();
        doc.label = s.load.label();
        doc.slo.p99Ms = s.p99Ms;
        doc.slo.minAchievedFraction = s.minAchieved;
        Map<Double, LoadRun> runs = new TreeMap<>();
        List<LoadRun> steps = new ArrayList<>();
        try (Stabilizer stabilizer = LoadCommand.startStabilizer(s.load, notes)) {
            LoadRunner runner = new LoadRunner(new PrintStream(OutputStream.nullOutputStream()), runProgress)
                    .withoutWarmup()
                    .measuringContentionWith(contention);
            doc.warmup = Warmups.plan(s.load.with(c -> c.duration(s.stepSeconds)), s.startRate);
            turn.take();
            Warmups.run(s.load, doc.warmup, said);
            SaturationSearch search =
                    new SaturationSearch(s.startRate, s.maxRate, s.resolution, s.maxSteps, s.confirmMisses);
            List<Double> outOfRuns = new ArrayList<>();
            Double sustained = search.run(rate -> {
                if (!steps.isEmpty()) {
                    TimeUnit.MILLISECONDS.sleep(Math.round(s.pauseSeconds * 1000));
                }
                int n = steps.size() + 1;
                LoadOptions step = s.load.with(c -> {
                    c.rate(rate);
                    c.commandLine(stepCommand(commandLine, rate, s.stepSeconds));
                });
                LoadRun[] previous = new LoadRun[1];
                ContendedStepRepeat.Outcome outcome = ContendedStepRepeat.run(
                        attempt -> {
                            // the first step's first run follows the warm-up within the warm-up's turn
                            if (!steps.isEmpty() || attempt > 0) {
                                turn.take();
                            }
                            if (attempt > 0) {
                                listener.again(n, rate, previous[0]);
                            }
                            // each run's per-second lines start again at [1.0s]: say which step they belong to
                            runProgress.printf(
                                    Locale.ROOT,
                                    "step %d%s: %s requests/s for %s s%n",
                                    n,
                                    attempt > 0 ? " (again)" : "",
                                    RunFiles.rateName(rate),
                                    RunFiles.rateName(s.stepSeconds));
                            MeasuredRun m = runner.measure(
                                    step,
                                    stabilizer,
                                    dir == null ? null : new RunFiles(dir.resolve(fileName(n, rate, attempt))));
                            previous[0] = m.run();
                            return m;
                        },
                        search.runs());
                if (outcome.outOfRuns()) {
                    outOfRuns.add(rate);
                }
                LoadRun run = outcome.measurement().run();
                Saturation.Step row = row(run, rate, s, dir == null ? null : fileName(n, rate, outcome.repeats()));
                row.repeatedForContention = outcome.repeats() == 0 ? null : outcome.repeats();
                doc.steps.add(row);
                steps.add(run);
                runs.put(rate, run);
                listener.done(n, rate, row, run);
                if (s.stopWhenContended && outcome.stillContended()) {
                    search.stop("the CPU was contended at " + RunFiles.rateName(rate)
                            + " requests/s even after a repeat (--stop-when-contended)");
                }
                return row.passed;
            });
            doc.result.sustainedRate = sustained;
            doc.result.note = search.note();
            List<Saturation.Step> contended = doc.contendedSteps();
            if (!contended.isEmpty()) {
                doc.result.note += "; " + untrusted(contended, doc.steps.size(), outOfRuns);
            }
            doc.environment = Environment.probe();
            doc.environment.heap = s.load.serverHeap();
            doc.environment.stabilized = stabilizer.active();
            return new Result(doc, sustained == null ? null : runs.get(sustained), List.copyOf(steps));
        }
    }

    /**
     * What the note of a search adds when some of its steps stayed contended: which, and that the rate it found is
     * not to be trusted.
     */
    static String untrusted(List<Saturation.Step> contended, int steps, List<Double> outOfRuns) {
        String rates = String.join(
                ", ", contended.stream().map(st -> RunFiles.rateName(st.rate)).toList());
        String notRepeated = outOfRuns.isEmpty()
                ? ""
                : "; not run again at "
                        + String.join(
                                ", ", outOfRuns.stream().map(RunFiles::rateName).toList())
                        + " requests/s: --max-steps had no run left";
        return "NOT TRUSTED: the CPU was contended during " + contended.size() + " of " + steps + " steps (" + rates
                + " requests/s) even after a repeat" + notRepeated + ". The result says as much about the machine as"
                + " about the server: see the steps' flags, and measure again on a quiet machine";
    }

    /** {@code step-03-4000.json}, or {@code step-03-4000-again-1.json} for a step run again. */
    static String fileName(int n, double rate, int attempt) {
        String name = String.format(Locale.ROOT, "step-%02d-%s.json", n, RunFiles.rateName(rate));
        return attempt == 0 ? name : name.replace(".json", "-again-" + attempt + ".json");
    }

    /** One step's row of the document: passed when the run met the SLO. */
    static Saturation.Step row(LoadRun run, double rate, SaturateOptions s, String file) {
        Saturation.Step row = new Saturation.Step();
        row.rate = rate;
        row.achievedRate = run.achievedRate;
        Double p99 = run.percentile(99.0);
        // A step without a single response has no p99 and fails.
        row.p99Ms = p99 == null ? 0 : p99;
        row.passed = p99 != null && run.achievedRate >= s.minAchieved * rate && p99 <= s.p99Ms;
        row.file = file;
        row.flags = run.flags.isEmpty() ? null : run.flags;
        row.contention = run.contention;
        return row;
    }

    private static final List<String> SEARCH_OPTIONS = List.of(
            "--start-rate",
            "--max-rate",
            "--step-duration",
            "--pause",
            "--resolution",
            "--p99-ms",
            "--min-achieved",
            "--max-steps",
            "--confirm-misses",
            "--out");

    /** The equivalent ./course load command of one step, so a step can be re-run on its own. */
    static List<String> stepCommand(List<String> args, double rate, double seconds) {
        List<String> words =
                new ArrayList<>(List.of("-R", RunFiles.rateName(rate), "-d", RunFiles.rateName(seconds) + "s"));
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (SEARCH_OPTIONS.contains(name)) {
                if (!a.contains("=")) {
                    i++;
                }
                continue;
            }
            words.add(a);
        }
        return words;
    }
}
