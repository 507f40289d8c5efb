package course.load;

import course.results.LoadRun;
import course.results.Warmup;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Runs one measurement end to end: check the targets, run the generator while sampling CPU steal, print wrk2's
 * report and the run's warnings, write the files. Stabilizing and profiling are the caller's, around it.
 */
final class LoadRunner {
    private final PrintStream out;
    private final PrintStream err;
    private boolean warmUp = true;
    private ContentionSource contentionSource = ContentionSource.MACHINE;

    LoadRunner(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** For the saturation search's steps: the search warms up once before its first step, not before each. */
    LoadRunner withoutWarmup() {
        warmUp = false;
        return this;
    }

    /** Where each run's contention figures come from: the machine unless a test says otherwise. */
    LoadRunner measuringContentionWith(ContentionSource source) {
        contentionSource = source;
        return this;
    }

    /** {@code files} is where to write, or {@code null} to write nothing. */
    MeasuredRun measure(LoadOptions o, Stabilizer stabilizer, RunFiles files)
            throws TargetUnreachableException, InterruptedException, IOException {
        String problem = Reachability.problem(o.targets());
        if (problem != null) {
            throw new TargetUnreachableException(problem);
        }
        Warmup warmup = null;
        if (warmUp) {
            warmup = Warmups.plan(o, o.rate());
            Warmups.run(o, warmup, out);
        }
        String header = Wrk2Report.header(o);
        out.print(header);
        out.flush();
        ContentionSource.Reading probe = contentionSource.start(o.targets());
        RunResult result = new LoadGenerator(o, o.progress() ? err : null).run();
        out.print(Wrk2Report.STATS_HEADER);
        out.flush();
        LoadRun.Contention contention = probe.finish();
        contention.stabilize = stabilizer.decision();
        String rest = Wrk2Report.body(result);
        out.print(rest);
        String body = Wrk2Report.STATS_HEADER + rest;
        if (o.uncorrectedLatency()) {
            out.print(Wrk2Report.uncorrected(result));
        }
        LoadRun run = LoadRunDocument.build(o, result, contention, stabilizer.active());
        run.warmup = warmup;
        printSummary(o, run);
        if (files != null) {
            files.write(run, result.intervals(), result.startEpochMs(), header + body);
            out.println("Results: " + files.json() + " (with " + files.hlog().getFileName() + ", "
                    + files.text().getFileName() + ")");
        }
        out.flush();
        return new MeasuredRun(run, result, header + body);
    }

    private void printSummary(LoadOptions o, LoadRun run) {
        out.printf(
                Locale.ROOT,
                "Seed: %d   stabilized: %s (%s)%n",
                o.seed(),
                run.environment.stabilized ? "yes" : "no",
                run.contention.stabilize.evidence());
        out.println(contentionLine(run.contention));
        for (LoadRun.Flag flag : run.flags) {
            out.println("WARNING (" + flag.kind + "): " + flag.message);
        }
    }

    /** One line with every contention measure, and what could not be measured. */
    static String contentionLine(LoadRun.Contention c) {
        String line = String.format(
                Locale.ROOT,
                "Contention: other processes %s CPU-s (%s of all CPUs), CPU pressure" + " %s, steal %s; %s",
                num(c.otherProcessesCpuSeconds, ""),
                num(c.otherProcessesCpuPercent, "%"),
                num(c.psiCpuSomePercent, "%"),
                num(c.stealPercent, "%"),
                ContentionRule.judge(c) != null
                        ? "ABOVE the thresholds (see the warning)"
                        : ContentionRule.saturated(c) != null
                                ? "no one else, but the run itself saturated the CPUs"
                                : "below the thresholds");
        return c.notes.isEmpty() ? line : line + "\n  (" + String.join("; ", c.notes) + ")";
    }

    private static String num(Double v, String unit) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.1f%s", v, unit);
    }
}
