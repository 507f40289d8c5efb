package course.wrk2;

import course.results.LoadRun;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Turns what a run printed, the command line above it and the file name into a {@link LoadRun}. The output itself
 * wins over the command line (it is what actually ran), the command line over the file name; every value taken from
 * a weaker source, and every disagreement, is written into the run's flags.
 */
final class RunBuilder {
    /** The percentiles wrk2 prints in its "Latency Distribution" block. */
    static final List<Double> STANDARD_PERCENTILES = List.of(50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 99.999, 100.0);

    private final RunBlock block;
    private final RunSections out;
    private final String fileName;
    private final LoadRun run = new LoadRun();

    private RunBuilder(RunBlock block, RunSections sections, String fileName) {
        this.block = block;
        this.out = sections;
        this.fileName = fileName;
    }

    static LoadRun build(RunBlock block, RunSections sections, String fileName) {
        return new RunBuilder(block, sections, fileName).build();
    }

    private LoadRun build() {
        run.source.tool = "wrk2-import";
        run.source.file = fileName;
        run.source.block = block.index();
        WrkCommand command = command();
        if (command != null) {
            run.source.command = command.text();
        }
        fillShape(command);
        fillWorkload(command);
        fillResults();
        fillLatency();
        return run;
    }

    private WrkCommand command() {
        WrkLine line = block.command();
        if (line == null) {
            return null;
        }
        WrkCommand command;
        try {
            command = WrkCommand.parse(line.value(0));
        } catch (IllegalArgumentException e) {
            run.flags.add("command line at line " + line.number() + " ignored: " + e.getMessage());
            return null;
        }
        if (!block.commandDirectlyAbove() || block.commandSharedWith() > 0) {
            run.flags.add("command line taken from line " + line.number()
                    + (block.commandDirectlyAbove() ? "" : ", which is not directly above this run")
                    + (block.commandSharedWith() > 0 ? ", and also used for run " + block.commandSharedWith() : ""));
        }
        return command;
    }

    private void fillShape(WrkCommand command) {
        Double cmdRate = command == null ? null : command.rate();
        Optional<Double> nameRate = FileNameHints.rate(fileName);
        if (cmdRate != null) {
            run.rate = cmdRate;
        } else if (nameRate.isPresent()) {
            run.rate = nameRate.get();
            run.flags.add("target rate " + plain(run.rate) + " inferred from the file name");
        } else {
            run.flags.add("target rate unknown: no command line with -R above the run and no rate in the file name");
        }
        run.threads = agree("threads", out.threads, command == null ? null : command.threads());
        run.connections = agree("connections", out.connections, command == null ? null : command.connections());
        Double headerSeconds = out.headerDuration == null ? null : seconds(out.headerDuration);
        run.durationSeconds = agree("duration (s)", headerSeconds, command == null ? null : command.durationSeconds());
        if (run.durationSeconds == null && out.elapsed != null) {
            run.durationSeconds = seconds(out.elapsed);
        }
        String url = out.headerUrl != null ? out.headerUrl : command == null ? null : command.url();
        if (url != null) {
            run.targets.add(url);
        }
    }

    private void fillWorkload(WrkCommand command) {
        String script = command == null ? null : command.script();
        if (script != null) {
            run.workload.script = script;
            run.workload.name = FileNameHints.scriptWorkload(script);
            return;
        }
        Optional<String> fromName = FileNameHints.workload(fileName);
        if (fromName.isPresent()) {
            run.workload.name = fromName.get();
            run.flags.add("workload '" + fromName.get() + "' inferred from the file name");
        } else {
            run.workload.name = "unknown";
        }
    }

    private void fillResults() {
        run.requests = out.requests;
        run.achievedRate = out.requestsPerSec;
        run.transferPerSecond = out.transferPerSec;
        run.errors = out.errors;
        if (out.requestsPerSec == null) {
            run.flags.add("no summary ('Requests/sec:') in the output: requests and achieved rate unknown");
        }
    }

    private void fillLatency() {
        run.latency.mean = out.footerMean != null ? out.footerMean : out.statsMean;
        run.latency.stdev = out.footerStdev != null ? out.footerStdev : out.statsStdev;
        run.latency.max = out.footerMax != null ? out.footerMax : out.statsMax;
        if (!out.spectrum.isEmpty()) {
            run.spectrum = List.copyOf(out.spectrum);
        }
        if (!out.percentiles.isEmpty()) {
            run.latency.percentiles.addAll(out.percentiles);
        } else if (!out.spectrum.isEmpty()) {
            for (double p : STANDARD_PERCENTILES) {
                run.latency.percentiles.add(new LoadRun.Percentile(p, spectrumValueAt(p)));
            }
            run.flags.add("percentiles read from the detailed spectrum (no 'Latency Distribution' block):"
                    + " each is the spectrum's first value at or above that percentile");
        } else {
            run.flags.add("no latency percentiles in the output (run without -L?)");
        }
    }

    /**
     * The first spectrum value whose percentile reaches {@code p}: an upper bound of the latency at {@code p}. The
     * spectrum prints percentiles rounded to 6 decimals, so several rows read "1.000000"; 100% is the last one.
     */
    private double spectrumValueAt(double p) {
        if (p >= 100) {
            return out.spectrum.getLast().ms;
        }
        for (LoadRun.SpectrumPoint point : out.spectrum) {
            if (point.percentile * 100 >= p - 1e-9) {
                return point.ms;
            }
        }
        return out.spectrum.getLast().ms;
    }

    private <T> T agree(String what, T fromOutput, T fromCommand) {
        if (fromOutput != null && fromCommand != null && !Objects.equals(fromOutput, fromCommand)) {
            run.flags.add("the output says " + what + " " + plain(fromOutput) + " but the command line says "
                    + plain(fromCommand) + "; kept the output's");
        }
        return fromOutput != null ? fromOutput : fromCommand;
    }

    private static Double seconds(String text) {
        return Units.isTime(text) ? Units.seconds(text) : null;
    }

    private static String plain(Object value) {
        if (value instanceof Double d && d == Math.rint(d)) {
            return String.valueOf(d.longValue());
        }
        return String.valueOf(value);
    }
}
