package course.load;

import course.results.Environment;
import course.results.LoadRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Turns a run into the course's results document (course.results.LoadRun), with the flags readers must see. */
final class LoadRunDocument {
    /** Below this share of the target rate the run did not hold its rate. */
    static final double MIN_ACHIEVED_FRACTION = 0.99;
    /** Above this share of requests sent late by the generator itself, the generator is the bottleneck. */
    static final double MAX_LATE_SEND_FRACTION = 0.01;

    private LoadRunDocument() {}

    static LoadRun build(LoadOptions o, RunResult r, LoadRun.Contention contention, boolean stabilized) {
        LoadRun run = new LoadRun();
        o.author().recordIn(run);
        run.stage = o.stage();
        run.label = o.label();
        run.source.tool = "course-load";
        run.source.command = command(o);
        fillWorkload(run, o);
        run.targets = o.targets().stream().map(Target::url).toList();
        run.rate = o.rate();
        run.connections = o.connections();
        run.threads = o.threads();
        run.durationSeconds = r.durationSeconds();
        run.requests = r.requests();
        run.achievedRate = round(r.achievedRate(), 2);
        run.transferPerSecond = WrkUnits.binary(r.bytesRead() / r.durationSeconds()) + "B";
        run.errors.connect = r.connectErrors();
        run.errors.read = r.readErrors();
        run.errors.write = r.writeErrors();
        run.errors.timeout = r.timeouts();
        run.errors.non2xx = r.non2xx();
        for (Map.Entry<Integer, Long> e : r.byStatus().entrySet()) {
            run.errors.byStatus.put(Integer.toString(e.getKey()), e.getValue());
        }
        fillLatency(run, r.latencyUs());
        run.environment = Environment.probe();
        run.environment.heap = o.serverHeap();
        run.environment.stabilized = stabilized;
        run.steal = LoadRun.Steal.of(contention.stealPercent);
        run.contention = contention;
        run.flags = flags(o.rate(), r.achievedRate(), r.lateSendFraction(), contention);
        String answers = AnswerCheck.judge(o.workload(), r.byStatus(), r.timeouts(), r.readErrors());
        if (answers != null) {
            run.flag(LoadRun.Flag.UNEXPECTED_STATUS, answers);
        }
        return run;
    }

    static void fillWorkload(LoadRun run, LoadOptions o) {
        run.workload.name = o.workload().label();
        run.workload.keyOrder = o.keyOrder().label();
        run.workload.keySpace = o.keys();
        run.workload.valueSize =
                o.workload() == WorkloadKind.PUT || o.workload() == WorkloadKind.MIXED ? o.valueSize() : null;
        run.workload.putRatio = o.workload() == WorkloadKind.MIXED ? o.putRatio() : null;
        run.workload.ack = o.ack();
        run.workload.from = o.from();
    }

    static void fillLatency(LoadRun run, Histogram h) {
        if (h.getTotalCount() > 0) {
            run.latency.mean = round(h.getMean() / 1000, 3);
            run.latency.stdev = round(h.getStdDeviation() / 1000, 3);
            run.latency.max = round(h.getMaxValue() / 1000.0, 3);
            for (double p : Wrk2Report.PERCENTILES) {
                run.latency.percentiles.add(new LoadRun.Percentile(p, round(h.getValueAtPercentile(p) / 1000.0, 3)));
            }
        }
        run.spectrum = new ArrayList<>();
        for (Wrk2Report.SpectrumLine line : Wrk2Report.spectrumLines(h)) {
            run.spectrum.add(new LoadRun.SpectrumPoint(round(line.ms(), 3), line.percentile(), line.count()));
        }
    }

    /**
     * The warnings of a run: rate not met, generator behind, CPU contention (steal is one of its measures).
     * {@code contention} may be {@code null} (nothing measured).
     */
    static List<LoadRun.Flag> flags(
            double target, double achieved, double lateSendFraction, LoadRun.Contention contention) {
        List<LoadRun.Flag> flags = new ArrayList<>();
        if (achieved < MIN_ACHIEVED_FRACTION * target) {
            flags.add(new LoadRun.Flag(
                    LoadRun.Flag.RATE_NOT_MET,
                    String.format(
                            Locale.ROOT,
                            "target rate not met: achieved %.1f of %.1f requests/s (%.1f%%)",
                            achieved,
                            target,
                            100 * achieved / target)));
        }
        String contended = contention == null ? null : ContentionRule.judge(contention);
        String saturated = contention == null ? null : ContentionRule.saturated(contention);
        boolean late = lateSendFraction > MAX_LATE_SEND_FRACTION;
        if (saturated != null) {
            flags.add(new LoadRun.Flag(LoadRun.Flag.CPU_SATURATED, heldUpToo(saturated, late, lateSendFraction)));
        }
        if (late && contended == null && saturated == null) {
            flags.add(new LoadRun.Flag(
                    LoadRun.Flag.GENERATOR_BEHIND,
                    String.format(
                            Locale.ROOT,
                            "generator fell behind: %.1f%% of requests went out more than 1 ms after they were due while"
                                    + " their connection was free and the generator's thread was awake and busy; add threads (-t)",
                            100 * lateSendFraction)));
        }
        if (contended != null) {
            // On a contended CPU the generator's thread is preempted like everyone else's: its late sends are the
            // machine's, and saying "add threads" would teach the wrong fix.
            flags.add(new LoadRun.Flag(LoadRun.Flag.CONTENTION, heldUpToo(contended, late, lateSendFraction)));
        }
        return flags;
    }

    /** A busy CPU's message, and when the generator's sends were late as well, how late: it was held up too. */
    private static String heldUpToo(String message, boolean late, double lateSendFraction) {
        return !late
                ? message
                : message
                        + String.format(
                                Locale.ROOT,
                                " The generator was held up too: %.1f%% of requests went out over 1 ms late.",
                                100 * lateSendFraction);
    }

    static String command(LoadOptions o) {
        return "course load " + String.join(" ", o.commandLine());
    }

    static double round(double v, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(v * scale) / scale;
    }
}
