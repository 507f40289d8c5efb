package course.wrk2;

import course.results.LoadRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Turns what a run printed, the command line above it and the file name into a {@link LoadRun}. The output itself
 * wins over the command line (it is what actually ran), the command line over the file name; every value taken from
 * a weaker source, and every disagreement, is written into the run's flags. A run of bare spectrum rows has nothing
 * else to say what it was, so for it the report's headings and prose come between the command line and the file name.
 */
final class RunBuilder {
    /** The percentiles wrk2 prints in its "Latency Distribution" block. */
    static final List<Double> STANDARD_PERCENTILES = List.of(50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 99.999, 100.0);

    private final RunBlock block;
    private final RunSections out;
    private final List<WrkLine> text;
    private final String fileName;
    private final LoadRun run = new LoadRun();

    private RunBuilder(RunBlock block, RunSections sections, List<WrkLine> text, String fileName) {
        this.block = block;
        this.out = sections;
        this.text = text;
        this.fileName = fileName;
    }

    /**
     * @param text every classified line of the file, for what the prose around a bare spectrum says
     */
    static LoadRun build(RunBlock block, RunSections sections, List<WrkLine> text, String fileName) {
        return new RunBuilder(block, sections, text, fileName).build();
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
        if (block.bareSpectrum()) {
            flagBareSpectrum(command);
        }
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
            run.flag(LoadRun.Flag.IMPORT, "command line at line " + line.number() + " ignored: " + e.getMessage());
            return null;
        }
        if (!block.commandDirectlyAbove() || block.commandSharedWith() > 0) {
            run.flag(
                    LoadRun.Flag.IMPORT,
                    "command line taken from line " + line.number()
                            + (block.commandDirectlyAbove() ? "" : ", which is not directly above this run")
                            + (block.commandSharedWith() > 0
                                    ? ", and also used for run " + block.commandSharedWith()
                                    : ""));
        }
        return command;
    }

    private void fillShape(WrkCommand command) {
        Double cmdRate = command == null ? null : command.rate();
        Optional<Double> nameRate = FileNameHints.rate(fileName);
        ProseHints.Hint<Double> proseRate = block.bareSpectrum() && cmdRate == null
                ? ProseHints.rate(text, block.first().number())
                : null;
        if (cmdRate != null) {
            run.rate = cmdRate;
        } else if (proseRate != null && proseRate.value() != null) {
            run.rate = proseRate.value();
            run.flag(
                    LoadRun.Flag.IMPORT,
                    "target rate " + plain(run.rate) + " inferred from " + proseRate.explanation());
        } else if (nameRate.isPresent()) {
            run.rate = nameRate.get();
            run.flag(LoadRun.Flag.IMPORT, "target rate " + plain(run.rate) + " inferred from the file name");
        } else {
            run.flag(
                    LoadRun.Flag.IMPORT,
                    "target rate unknown: no command line with -R above the run and no rate in the file name"
                            + (proseRate == null ? "" : "; " + proseRate.explanation()));
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
        ProseHints.Hint<String> fromProse =
                block.bareSpectrum() ? ProseHints.workload(text, block.first().number()) : null;
        Optional<String> fromName = FileNameHints.workload(fileName);
        if (fromProse != null && fromProse.value() != null) {
            run.workload.name = fromProse.value();
            run.flag(
                    LoadRun.Flag.IMPORT,
                    "workload '" + fromProse.value() + "' inferred from " + fromProse.explanation());
        } else if (fromName.isPresent()) {
            run.workload.name = fromName.get();
            run.flag(LoadRun.Flag.IMPORT, "workload '" + fromName.get() + "' inferred from the file name");
        } else {
            run.workload.name = "unknown";
            if (fromProse != null) {
                run.flag(
                        LoadRun.Flag.IMPORT,
                        "workload unknown: no script on a command line above the run and none in the file name; "
                                + fromProse.explanation());
            }
        }
    }

    private void fillResults() {
        run.requests = out.requests;
        run.achievedRate = out.requestsPerSec;
        run.transferPerSecond = out.transferPerSec;
        run.errors = out.errors;
        if (run.requests == null && block.bareSpectrum()) {
            run.requests = out.spectrum.getLast().count;
        } else if (out.requestsPerSec == null) {
            run.flag(
                    LoadRun.Flag.IMPORT,
                    "no summary ('Requests/sec:') in the output: requests and achieved rate unknown");
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
            run.flag(
                    LoadRun.Flag.IMPORT,
                    "percentiles read from the detailed spectrum (no 'Latency Distribution' block):"
                            + " each is the spectrum's first value at or above that percentile");
        } else {
            run.flag(LoadRun.Flag.IMPORT, "no latency percentiles in the output (run without -L?)");
        }
    }

    /** Says what a bare spectrum lacked, so readers know how little of the run is known. */
    private void flagBareSpectrum(WrkCommand command) {
        List<String> missing = new ArrayList<>(List.of("wrk2's 'Detailed Percentile spectrum' header"));
        if (out.footerMean == null) {
            missing.add("its '#[Mean = ...]' footer");
        }
        if (out.requestsPerSec == null) {
            missing.add("the summary ('Requests/sec:')");
        }
        if (command == null) {
            missing.add("a command line");
        }
        String last = missing.removeLast();
        String without = missing.isEmpty() ? last : String.join(", ", missing) + " and " + last;
        run.flag(
                LoadRun.Flag.IMPORT,
                "read from a bare spectrum: rows pasted without " + without
                        + (out.requests == null ? "; requests are the spectrum's last total count" : "")
                        + (out.requestsPerSec == null ? ", achieved rate unknown" : ""));
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
            run.flag(
                    LoadRun.Flag.IMPORT,
                    "the output says " + what + " " + plain(fromOutput) + " but the command line says "
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
