package course.load;

import course.results.LoadRun;
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

    LoadRunner(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** {@code files} is where to write, or {@code null} to write nothing. */
    Measurement measure(LoadOptions o, boolean stabilized, RunFiles files)
            throws TargetUnreachableException, InterruptedException, IOException {
        String problem = Reachability.problem(o.targets());
        if (problem != null) {
            throw new TargetUnreachableException(problem);
        }
        String header = Wrk2Report.header(o);
        out.print(header);
        out.flush();
        CpuSteal.Sample before = CpuSteal.sample();
        RunResult result = new LoadGenerator(o, o.progress() ? err : null).run();
        Double steal = CpuSteal.percent(before, CpuSteal.sample());
        String body = Wrk2Report.body(result);
        out.print(body);
        LoadRun run = LoadRunDocument.build(o, result, steal, stabilized);
        printSummary(o, run);
        if (files != null) {
            files.write(run, result.intervals(), result.startEpochMs(), header + body);
            out.println("Results: " + files.json() + " (with " + files.hlog().getFileName() + ", "
                    + files.text().getFileName() + ")");
        }
        out.flush();
        return new Measurement(run, result, header + body);
    }

    private void printSummary(LoadOptions o, LoadRun run) {
        String steal = run.steal.percent == null ? "not measurable here (no /proc/stat)"
                : String.format(Locale.ROOT, "%.1f%%", run.steal.percent);
        out.printf(Locale.ROOT, "Seed: %d   CPU steal: %s   stabilized: %s%n", o.seed(), steal,
                run.environment.stabilized ? "yes" : "no");
        for (String flag : run.flags) {
            out.println("WARNING: " + flag);
        }
    }
}
