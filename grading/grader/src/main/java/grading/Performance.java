package grading;

import course.command.StageFacts;
import course.command.Stages;
import course.load.LoadApi;
import course.results.Grade;
import course.results.LoadRun;
import course.results.Saturation;
import grading.runner.PerfPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The performance part of a grade: the stage's standard load against the submission and against the reference of
 * the same stage, side by side in the same grading run with their runs taking {@link Turns} (or the submission alone
 * when an earlier grade's reference side stands), each in a sandbox of its own with the same limits (nodes,
 * generator and all in one network namespace). Both sustained rates are found by the same short saturation search;
 * the ratio submission / reference is what compares across machines.
 *
 * <p>A ratio is published only when neither side was measured on a busy machine. Each side's search judges each of
 * its runs by what the CPUs did meanwhile (steal, CPU pressure, other processes' CPU) and runs a contended step
 * again; inside the sandbox other processes are invisible (a pid namespace of its own), so the grader also watches
 * the whole machine from outside while each side runs. A side that was contended either way is measured once more;
 * when it is contended again, the grade has no ratio and says "not measured: the machine was busy" with what was
 * seen ({@link Grade.NotMeasured}), and every measurement is kept in {@code performance.attempts}.
 */
final class Performance {
    /** Each search's steps last this many seconds by default ({@code --perf-step-seconds} sets another). */
    static final int STEP_SECONDS = 3;

    /**
     * At most this many runs a search, every repeat included; it stops as soon as its rate is known to 10%. Nine runs
     * from 1,000 requests/s left a stage-1 node of ~50k requests/s bracketed between 32k and 64k (seven doublings and
     * the repeat of the first miss, no bisection), so the same reference graded against itself came out 0.67 or 1.33
     * by which side's 48k step stalled. From the stage's standard rate, twelve runs bisect to the 10%.
     */
    static final int MAX_STEPS = 12;

    /** Where a search starts when the stage names no standard GET rate. */
    static final int DEFAULT_START_RATE = 1000;

    static final String NODE_HEAP = "256m";
    static final Duration SIDE_TIME_LIMIT = Duration.ofMinutes(2);
    /**
     * Where reference sides are kept for later grades on this machine ({@link ReferenceReuse}): in the course root, or
     * where the system property {@value #REUSE_DIR_PROPERTY} says (tests keep theirs apart).
     */
    static final String REUSE_DIR = "build/perf-reference";

    static final String REUSE_DIR_PROPERTY = "course.perfReferenceStore";
    /** How many times a side is measured at most: once, and once more when the CPU was contended. */
    static final int MEASUREMENTS_PER_SIDE = 2;
    /** Why the reference has no measurement when the submission's side already made the grade busy. */
    static final String REFERENCE_SKIPPED =
            "the submission's side was contended on its last measurement, so no ratio could be published";

    /**
     * What one measurement of a side found: the run at its sustained rate (null when none), its search, why it has
     * none, who else used the CPUs meanwhile, watched from outside the sandbox (null where not watched), and when it
     * was measured if that was in an earlier grade ({@link ReferenceReuse}; null: in this one).
     */
    record Side(
            LoadRun sustained, Saturation search, String problem, LoadRun.Contention outside, Instant measuredBefore) {
        Side(LoadRun sustained, Saturation search, String problem) {
            this(sustained, search, problem, null, null);
        }

        Side(LoadRun sustained, Saturation search, String problem, LoadRun.Contention outside) {
            this(sustained, search, problem, outside, null);
        }

        /**
         * Its capacity's upper bound by its search: the lowest step above its sustained rate that missed the SLO;
         * null when it has no rate or missed no step above it.
         */
        Double lowestMissAbove() {
            if (sustained == null || search == null) {
                return null;
            }
            return search.steps.stream()
                    .filter(st -> !st.passed && st.rate > sustained.rate)
                    .map(st -> st.rate)
                    .min(Double::compare)
                    .orElse(null);
        }

        /** Steps of its search still contended after their repeat. */
        List<Saturation.Step> contendedSteps() {
            return search == null ? List.of() : search.contendedSteps();
        }

        /** The contention sentence of the watch from outside, or null when within the thresholds or not watched. */
        String contendedOutside() {
            return outside == null ? null : LoadApi.contended(outside);
        }

        /** Whether its numbers are the machine's as much as the code's: a contended step, or others seen outside. */
        boolean contended() {
            return problem == null && (!contendedSteps().isEmpty() || contendedOutside() != null);
        }
    }

    /** Measures one side ({@link Grade.Attempt#SUBMISSION} or {@link Grade.Attempt#REFERENCE}), the n-th time. */
    interface SideRunner {
        Side measure(String side, int measurement) throws IOException, InterruptedException;
    }

    /** Measures both sides together, the n-th time: the submission's side first, then the reference's. */
    interface PairRunner {
        Side[] measure(int measurement) throws IOException, InterruptedException;
    }

    /**
     * Both sides as last measured, every measurement in the order they ran, and whether the two were measured side by
     * side in turns ({@link Turns}) rather than one after the other.
     */
    record Pair(Side mine, Side ref, List<Grade.Attempt> attempts, boolean inTurns) {
        Pair(Side mine, Side ref, List<Grade.Attempt> attempts) {
            this(mine, ref, attempts, false);
        }
    }

    /** What the performance step gives the grade: its performance part and the notes that explain it. */
    record Measured(Grade.Performance performance, List<String> notes) {}

    private Performance() {}

    /**
     * Measures both sides: the grade's performance part and its notes. {@code submission} is the graded workspace
     * (already compiled); the reference gets a workspace of its own.
     */
    static Measured measure(
            Workspace submission,
            String factory,
            int stage,
            int stepSeconds,
            boolean freshReference,
            Sandbox sandbox,
            Limits limits,
            Path courseRoot,
            PrintStream progress)
            throws IOException, InterruptedException {
        StageFacts facts = Stages.at(courseRoot).stage(stage);
        List<String> workloadNotes = new ArrayList<>();
        StandardWorkload w = StandardWorkload.of(facts, workloadNotes);
        String reference = facts.referenceFactory().orElse(null);
        long start = System.nanoTime();
        progress.println("grade: performance: " + String.join(" ", w.describe()) + ", GET saturation search against "
                + factory + (reference == null ? "" : " and " + reference));
        Pair pair;
        PerfPlan mine = plan(factory, stage, w, stepSeconds);
        try (Workspace refWs = reference == null ? null : new Workspace()) {
            PerfPlan ref = reference == null ? null : plan(reference, stage, w, stepSeconds);
            ReferenceReuse reuse = new ReferenceReuse(reuseDir(courseRoot));
            String key = null;
            // the reference's side when it is not measured here: none to measure, or an earlier grade's
            Optional<Side> given;
            if (refWs == null) {
                given = Optional.of(
                        new Side(null, null, "stages/" + facts.folder() + "/stage.yml names no reference solution"));
            } else {
                refWs.addCourseCode();
                key = referenceKey(refWs, sandbox, limits, ref);
                given = key == null ? Optional.empty() : reuse.standing(key, freshReference, Instant.now(), progress);
            }
            if (given.isPresent()) {
                Side refSide = given.get();
                pair = measureBoth(
                        (side, n) -> side.equals(Grade.Attempt.SUBMISSION)
                                ? alone(submission, sandbox, limits, mine, progress)
                                : refSide,
                        progress);
            } else {
                pair = inTurns(
                        n -> sideBySide(submission, refWs, sandbox, limits, mine, ref, progress),
                        Performance::busyNow,
                        progress);
                if (key != null) {
                    reuse.keep(key, pair.ref(), Instant.now().truncatedTo(ChronoUnit.SECONDS));
                }
            }
        }
        Measured measured = record(pair, w, stepSeconds, (System.nanoTime() - start) / 1e9, sandbox.isolated());
        workloadNotes.addAll(measured.notes);
        return new Measured(measured.performance, workloadNotes);
    }

    /**
     * The key the reference's side is kept under for later grades ({@link ReferenceReuse}), or null where the kernel
     * does not name its boot (then it is measured each time and not kept).
     */
    private static String referenceKey(Workspace ws, Sandbox sandbox, Limits limits, PerfPlan plan) throws IOException {
        String machine = ReferenceReuse.thisMachine().orElse(null);
        if (machine == null) {
            return null;
        }
        List<Path> code = new ArrayList<>(ws.perfClasspath());
        graderCode().ifPresent(code::add);
        return ReferenceReuse.key(machine, plan.toJson(), sandbox.isolated(), limits, code);
    }

    private static Path reuseDir(Path courseRoot) {
        String dir = System.getProperty(REUSE_DIR_PROPERTY);
        return dir == null || dir.isBlank() ? courseRoot.resolve(REUSE_DIR) : Path.of(dir);
    }

    /** The grader's own jar (its outside watch and this class), where it runs from one. */
    private static Optional<Path> graderCode() {
        CodeSource source = Performance.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(source.getLocation().toURI()));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Each side measured, and measured once more when its CPU was contended. A submission still contended on its last
     * measurement already makes the grade "not measured: the machine was busy", whatever the reference does, so the
     * reference is then not measured at all: on a busy machine that was half the performance part's time.
     */
    static Pair measureBoth(SideRunner runner, PrintStream progress) throws IOException, InterruptedException {
        List<Grade.Attempt> attempts = new ArrayList<>();
        Side mine = measured(runner, Grade.Attempt.SUBMISSION, attempts, progress);
        if (mine.contended()) {
            progress.println("grade: performance: the reference is not measured: " + REFERENCE_SKIPPED);
            return new Pair(mine, new Side(null, null, REFERENCE_SKIPPED), attempts);
        }
        Side ref = measured(runner, Grade.Attempt.REFERENCE, attempts, progress);
        return new Pair(mine, ref, attempts);
    }

    /** Whether the machine is busy now: the contention sentence of a short watch, or null when it is quiet. */
    @FunctionalInterface
    interface BusyNow {
        String seen() throws InterruptedException;
    }

    /** How long the machine is watched before a contended pair is measured again. */
    static final Duration BUSY_WATCH = Duration.ofSeconds(2);

    /** The machine as {@link LoadApi#watchContention} sees it for {@link #BUSY_WATCH}. */
    static String busyNow() throws InterruptedException {
        LoadApi.ContentionWatch watch = LoadApi.watchContention();
        Thread.sleep(BUSY_WATCH.toMillis());
        return LoadApi.contended(watch.finish());
    }

    /**
     * Both sides measured together ({@link Turns}), and both measured once more when either was contended and the
     * machine is quiet again ({@code busyNow}): a ratio is of two sides that met the same machine, so one is never
     * measured again without the other; and a pair measured again on a machine still busy only ends contended again
     * (beside grading/busy's loops that doubled the performance part, 93 s to 175 s, for nothing).
     */
    static Pair inTurns(PairRunner runner, BusyNow busyNow, PrintStream progress)
            throws IOException, InterruptedException {
        List<Grade.Attempt> attempts = new ArrayList<>();
        Side mine = null;
        Side ref = null;
        for (int n = 1; n <= MEASUREMENTS_PER_SIDE; n++) {
            Side[] both = runner.measure(n);
            mine = both[0];
            ref = both[1];
            attempts.add(attempt(Grade.Attempt.SUBMISSION, mine));
            attempts.add(attempt(Grade.Attempt.REFERENCE, ref));
            if (!mine.contended() && !ref.contended()) {
                break;
            }
            Side contended = mine.contended() ? mine : ref;
            String prefix =
                    "grade: performance: the CPU was contended while the sides were measured (" + seen(contended) + ")";
            if (n == MEASUREMENTS_PER_SIDE) {
                progress.println(prefix);
                break;
            }
            String still = busyNow.seen();
            if (still != null) {
                progress.println(prefix + ", and the machine is still busy (" + still + "): not measured again");
                break;
            }
            progress.println(prefix + ": measuring both again");
        }
        return new Pair(mine, ref, attempts, true);
    }

    private static Side measured(SideRunner runner, String side, List<Grade.Attempt> attempts, PrintStream progress)
            throws IOException, InterruptedException {
        Side s = null;
        for (int n = 1; n <= MEASUREMENTS_PER_SIDE; n++) {
            s = runner.measure(side, n);
            attempts.add(attempt(side, s));
            if (!s.contended()) {
                break;
            }
            progress.println("grade: performance: the CPU was contended while the " + side + " was measured (" + seen(s)
                    + ")" + (n < MEASUREMENTS_PER_SIDE ? ": measuring it again" : ""));
        }
        return s;
    }

    private static Grade.Attempt attempt(String side, Side s) {
        return new Grade.Attempt(
                side,
                s.sustained == null ? null : s.sustained.rate,
                s.contended(),
                s.contendedSteps().stream().map(st -> st.rate).toList(),
                s.outside,
                s.problem);
    }

    /**
     * The performance part and its notes from both sides: a ratio only when both found a rate and neither was
     * contended; a side contended on its last measurement makes it "not measured: the machine was busy".
     */
    static Measured record(Pair pair, StandardWorkload w, int stepSeconds, double seconds, boolean sandboxed) {
        Side mine = pair.mine;
        Side ref = pair.ref;
        boolean busy = mine.contended() || ref.contended();
        Grade.NotMeasured notMeasured = busy ? new Grade.NotMeasured(Grade.NotMeasured.BUSY, busy(pair)) : null;
        Double ratio = !busy && mine.sustained != null && ref.sustained != null
                ? Points.round(mine.sustained.rate / ref.sustained.rate)
                : null;
        Grade.RatioRange range = ratio == null ? null : RatioRanges.of(mine, ref);
        Grade.Performance p = new Grade.Performance(
                mine.sustained,
                ref.sustained,
                ratio,
                range,
                notMeasured,
                pair.attempts,
                ref.measuredBefore == null ? null : ref.measuredBefore.toString());
        List<String> notes = new ArrayList<>();
        notes.add(String.format(
                Locale.ROOT,
                "performance: GET through node 0 of %d, %d connections, %d "
                        + "threads, %d keys filled with %d-byte values (from %s); saturation search from %d "
                        + "requests/s in steps of %d s (at most %d runs, every repeat included; a miss counts when its"
                        + " repeat misses too; a step on a contended CPU is run again, and one still contended ends"
                        + " the search), SLO p99 <= 10 ms; submission %s,"
                        + " reference %s%s (%.0f s, both %s)",
                w.nodes(),
                w.connections(),
                w.threads(),
                w.keys(),
                w.valueSize(),
                w.source(),
                startRate(w),
                stepSeconds,
                MAX_STEPS,
                describe(mine),
                describe(ref),
                ratio == null ? "" : ", ratio " + ratio,
                seconds,
                sandboxed ? "in the sandbox" : "WITHOUT a sandbox"));
        if (range != null) {
            notes.add(RatioRanges.sentence(ratio, range, mine, ref));
        }
        if (pair.inTurns) {
            notes.add("performance: both sides were measured side by side, each in its own sandbox, their fills and"
                    + " steps taking turns (one side loads the machine at a time), so that a machine slower for a"
                    + " minute is slower for both");
        }
        if (ref.measuredBefore != null) {
            notes.add("performance: the reference's side is an earlier grade's, measured at " + ref.measuredBefore
                    + " on this machine: the same boot, CPUs, JDK, plan, sandbox and bytes of the reference's code,"
                    + " measured quiet less than " + ReferenceReuse.MAX_AGE.toMinutes() + " minutes before, and"
                    + " within " + ReferenceReuse.AGREEMENT_PERCENT + "% of the measurement before it"
                    + " (--perf-fresh-reference measures it again)");
        }
        if (notMeasured != null) {
            notes.add("performance: not measured: " + notMeasured.message());
        }
        if (w.standardRate() != null) {
            notes.add(standardRate(w.standardRate(), mine, ref));
        }
        return new Measured(p, notes);
    }

    /** The sentence of {@link Grade.NotMeasured}: that the machine was busy, and every measurement that says so. */
    static String busy(Pair pair) {
        List<String> sides = new ArrayList<>();
        for (String side : List.of(Grade.Attempt.SUBMISSION, Grade.Attempt.REFERENCE)) {
            List<Grade.Attempt> of =
                    pair.attempts.stream().filter(a -> a.side().equals(side)).toList();
            List<String> each = new ArrayList<>();
            for (Grade.Attempt a : of) {
                each.add(attemptText(a));
            }
            sides.add(
                    of.isEmpty()
                            ? side + " not measured (" + REFERENCE_SKIPPED + ")"
                            : side + " measured " + (of.size() == 1 ? "once" : of.size() + " times") + ": "
                                    + String.join("; then ", each));
        }
        return "the machine was busy, so no ratio is published (a side whose CPU was contended is measured once more,"
                + " and a ratio needs both sides quiet). " + String.join(". ", sides) + ".";
    }

    /** One measurement: its rate, its contended steps with the most that was seen, and the watch from outside. */
    private static String attemptText(Grade.Attempt a) {
        StringBuilder sb = new StringBuilder();
        sb.append(
                a.problem() != null
                        ? "not measured (" + a.problem() + ")"
                        : a.sustainedRate() == null
                                ? "no step met the SLO"
                                : RateText.of(a.sustainedRate()) + " requests/s");
        if (!a.contendedSteps().isEmpty()) {
            sb.append(", the CPU contended at ")
                    .append(a.contendedSteps().stream().map(RateText::of).collect(Collectors.joining(", ")))
                    .append(" requests/s even after a repeat");
        }
        if (a.outside() != null) {
            sb.append(a.contendedSteps().isEmpty() ? ", " : "; ")
                    .append("seen from outside the sandbox: ")
                    .append(LoadApi.seen(a.outside()));
        }
        if (!a.contended()) {
            sb.append(" (quiet)");
        }
        return sb.toString();
    }

    /** What was seen during one measurement, for the progress line. */
    private static String seen(Side s) {
        List<String> parts = new ArrayList<>();
        if (!s.contendedSteps().isEmpty()) {
            parts.add(s.contendedSteps().size() + " of " + s.search.steps.size() + " steps contended even after a"
                    + " repeat");
        }
        if (s.outside != null) {
            parts.add("outside the sandbox: " + LoadApi.seen(s.outside));
        }
        return String.join("; ", parts);
    }

    /** Whether each side sustained the stage's standard GET rate (the rate of its reports' standard run). */
    static String standardRate(int rate, Side mine, Side ref) {
        return "performance: the stage's standard GET run is " + RateText.of(rate) + " requests/s; submission "
                + sustains(rate, mine) + ", reference " + sustains(rate, ref);
    }

    private static String sustains(int rate, Side s) {
        if (s.sustained == null) {
            return "not measured";
        }
        if (s.contended()) {
            return "not measured (the machine was busy)";
        }
        return s.sustained.rate >= rate ? "sustains it" : "sustains " + RateText.of(s.sustained.rate) + " only";
    }

    private static String describe(Side s) {
        if (s.problem != null) {
            return "not measured (" + s.problem + ")";
        }
        if (s.sustained == null) {
            return "no step met the SLO (" + s.search.result.note + "; " + steps(s.search) + ")";
        }
        return RateText.of(s.sustained.rate) + " requests/s" + steal(s.sustained) + " [" + steps(s.search) + "]";
    }

    /** Every step tried, so a failed search shows whether it was latency or throughput, and by how much. */
    private static String steps(Saturation search) {
        return "steps: "
                + search.steps.stream()
                        .map(st -> String.format(
                                        Locale.ROOT,
                                        "%s/s p99 %.1f ms%s%s",
                                        RateText.of(st.rate),
                                        st.p99Ms,
                                        st.achievedRate < st.rate * 0.99
                                                ? " achieved " + RateText.of(st.achievedRate)
                                                : "",
                                        st.passed ? "" : " (missed)")
                                + contended(st))
                        .collect(Collectors.joining(", "))
                + (search.environment != null && search.environment.stabilized != null
                        ? (search.environment.stabilized ? ", vCPUs kept busy" : ", vCPUs not kept busy")
                        : "");
    }

    /**
     * A step whose run was flagged for CPU contention was run again by the search (not trusted); say so, and say
     * when even the last run was contended, so a grade that stands on a noisy step is visibly marked.
     */
    private static String contended(Saturation.Step st) {
        boolean still = st.contended();
        String again = st.repeatedForContention == null ? "" : " run " + (st.repeatedForContention + 1) + " times";
        return again.isEmpty() && !still ? "" : " (CPU contended:" + again + (still ? " still contended" : "") + ")";
    }

    private static String steal(LoadRun run) {
        return run.steal == null || run.steal.percent == null
                ? ""
                : String.format(Locale.ROOT, " (CPU steal %.1f%%)", run.steal.percent);
    }

    /** One side measured alone: its runs go as they are due. */
    private static Side alone(Workspace ws, Sandbox sandbox, Limits limits, PerfPlan plan, PrintStream progress)
            throws IOException, InterruptedException {
        return SideRun.start(null, ws, sandbox, limits, plan, null, progress)
                .finish(System.nanoTime() + SIDE_TIME_LIMIT.toNanos(), SIDE_TIME_LIMIT, progress);
    }

    /**
     * Both sides at once, each in its sandbox, their runs (fills, warm-ups, steps) taking {@link Turns}: the two
     * clusters start together, only one side loads the machine at a time, and the side that waits is stopped
     * (SIGSTOP) meanwhile, so that whatever its processes do while they have no requests costs its own runs only.
     */
    private static Side[] sideBySide(
            Workspace mineWs,
            Workspace refWs,
            Sandbox sandbox,
            Limits limits,
            PerfPlan mine,
            PerfPlan ref,
            PrintStream progress)
            throws IOException, InterruptedException {
        Duration limit = SIDE_TIME_LIMIT.multipliedBy(2);
        long deadline = System.nanoTime() + limit.toNanos();
        Turns turns = new Turns();
        SideRun a = SideRun.start("submission", mineWs, sandbox, limits, mine, turns.seat(0), progress);
        SideRun b;
        try {
            b = SideRun.start("reference", refWs, sandbox, limits, ref, turns.seat(1), progress);
        } catch (IOException e) {
            a.finish(System.nanoTime(), limit, progress);
            throw e;
        }
        boolean paused = true;
        for (int seat; (seat = turns.next(deadline)) >= 0; ) {
            SideRun go = seat == 0 ? a : b;
            // the other side asked for its turn or ended: it waits, stopped, while this one runs
            paused &= (seat == 0 ? b : a).pause();
            go.resume();
            go.grant();
        }
        if (!paused) {
            progress.println("grade: performance: a waiting side's processes could not be stopped (no kill on the"
                    + " PATH?): a side that uses the CPU while it waits slows the other's steps");
        }
        Side mineSide = a.finish(deadline, limit, progress);
        Side refSide = b.finish(deadline, limit, progress);
        return new Side[] {mineSide, refSide};
    }

    private static PerfPlan plan(String factory, int stage, StandardWorkload w, int stepSeconds) {
        return new PerfPlan(
                factory,
                stage,
                w.nodes(),
                NODE_HEAP,
                w.connections(),
                w.threads(),
                w.keys(),
                w.valueSize(),
                startRate(w),
                stepSeconds,
                MAX_STEPS);
    }

    /**
     * The stage's standard GET rate, which a node of the stage is meant to sustain: a search from there spends its
     * runs near the node's capacity, not on doublings far below it.
     */
    static int startRate(StandardWorkload w) {
        return w.standardRate() == null ? DEFAULT_START_RATE : w.standardRate();
    }

    /** Rates as people write them: 12k, 1.5k, 750. */
    static final class RateText {
        private RateText() {}

        static String of(double rate) {
            return rate >= 1000
                    ? String.format(Locale.ROOT, "%.3gk", rate / 1000)
                    : String.format(Locale.ROOT, "%.0f", rate);
        }
    }
}
