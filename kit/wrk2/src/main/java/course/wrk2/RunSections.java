package course.wrk2;

import course.results.LoadRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the lines of one run, section by section, into the values wrk2 printed. A section that starts must finish
 * (percentiles up to 100.000%, spectrum rows up to the "#[Mean ...]" footer, "N requests in ..." up to
 * "Requests/sec:"), otherwise the run was cut off and its numbers cannot be trusted; that is reported with the line.
 * A spectrum pasted without its title and header may also lack the footer, but then it must still run from 0.000000
 * to 1.000000.
 */
final class RunSections {
    String headerDuration;
    String headerUrl;
    Integer threads;
    Integer connections;
    Double statsMean;
    Double statsStdev;
    Double statsMax;
    final List<LoadRun.Percentile> percentiles = new ArrayList<>();
    final List<LoadRun.SpectrumPoint> spectrum = new ArrayList<>();
    Double footerMean;
    Double footerStdev;
    Double footerMax;
    Long requests;
    String elapsed;
    final LoadRun.Errors errors = new LoadRun.Errors();
    Double requestsPerSec;
    String transferPerSec;

    private record Expectation(Set<LineKind> allowed, String what, WrkLine after) {}

    private Expectation pending;
    private boolean inSpectrum;
    private final boolean bareSpectrum;

    private RunSections(boolean bareSpectrum) {
        this.bareSpectrum = bareSpectrum;
        this.inSpectrum = bareSpectrum;
    }

    static RunSections read(RunBlock block) throws UnreadableRunException {
        RunSections sections = new RunSections(block.bareSpectrum());
        for (WrkLine line : block.lines()) {
            sections.accept(line);
        }
        if (sections.pending != null) {
            WrkLine last = block.last();
            String next = block.next() == null
                    ? "the end of the file"
                    : "line " + block.next().number() + " " + block.next().quoted();
            throw new UnreadableRunException(
                    last.number(),
                    "the run is cut off: expected " + sections.pending.what
                            + " after line " + sections.pending.after.number()
                            + ", but its output stops there (next comes "
                            + next + ")");
        }
        if (!sections.hasLatency()) {
            throw new UnreadableRunException(
                    block.first().number(),
                    "the run starting with " + block.first().quoted()
                            + " has no latency figures: expected 'Thread Stats' with a 'Latency' line, a 'Latency Distribution'"
                            + " or a 'Detailed Percentile spectrum' before line "
                            + (block.next() == null
                                    ? "the end of the file"
                                    : String.valueOf(block.next().number())));
        }
        if (block.bareSpectrum()) {
            sections.requireWholeSpectrum(block);
        }
        return sections;
    }

    /**
     * Without the footer's total count and the summary, only the spectrum's own ends say that nothing is missing:
     * wrk2 always prints a first row at 0.000000 and a last at 1.000000.
     */
    private void requireWholeSpectrum(RunBlock block) throws UnreadableRunException {
        LoadRun.SpectrumPoint first = spectrum.getFirst();
        LoadRun.SpectrumPoint last = spectrum.getLast();
        if (first.percentile > 0) {
            throw new UnreadableRunException(
                    block.first().number(),
                    "spectrum rows pasted without their header start at"
                            + " percentile " + first.percentile + " in "
                            + block.first().quoted() + ": wrk2's spectrum starts"
                            + " at 0.000000, so its first rows are missing; paste the whole spectrum");
        }
        if (last.percentile < 1) {
            WrkLine lastRow = block.lines().stream()
                    .filter(l -> l.kind() == LineKind.SPECTRUM_ROW)
                    .reduce((a, b) -> b)
                    .orElseThrow();
            throw new UnreadableRunException(
                    lastRow.number(),
                    "spectrum rows pasted without their header stop at"
                            + " percentile " + last.percentile + " in " + lastRow.quoted()
                            + ": wrk2's spectrum ends with a"
                            + " '1.000000 inf' row, so its last rows are missing; paste the whole spectrum");
        }
    }

    boolean hasLatency() {
        return statsMean != null
                || statsMax != null
                || !percentiles.isEmpty()
                || !spectrum.isEmpty()
                || footerMean != null;
    }

    private void accept(WrkLine line) throws UnreadableRunException {
        if (line.malformed()) {
            throw new UnreadableRunException(line.number(), "expected " + line.expected() + ", found " + line.quoted());
        }
        if (pending != null && !pending.allowed.contains(line.kind())) {
            throw new UnreadableRunException(
                    line.number(),
                    "expected " + pending.what + " after line " + pending.after.number() + ", found " + line.quoted());
        }
        pending = null;
        switch (line.kind()) {
            case HEADER -> {
                headerDuration = line.value(0);
                headerUrl = line.value(1);
            }
            case THREADS -> {
                threads = Integer.valueOf(line.value(0));
                connections = Integer.valueOf(line.value(1));
            }
            case THREAD_STATS ->
                expect(
                        line,
                        "the 'Latency <avg> <stdev> <max> <+/- stdev>' line of 'Thread Stats'",
                        LineKind.STATS_LATENCY);
            case STATS_LATENCY -> {
                statsMean = millis(line, line.value(0));
                statsStdev = millis(line, line.value(1));
                statsMax = millis(line, line.value(2));
            }
            case HDR_TITLE ->
                expect(
                        line,
                        "percentile lines from ' 50.000%  <latency>' to '100.000%  <latency>'",
                        LineKind.PERCENTILE);
            case PERCENTILE -> readPercentile(line);
            case SPECTRUM_TITLE -> {
                inSpectrum = true;
                expect(
                        line,
                        "the spectrum's 'Value Percentile TotalCount 1/(1-Percentile)' columns",
                        LineKind.SPECTRUM_COLUMNS,
                        LineKind.SPECTRUM_ROW);
            }
            case SPECTRUM_COLUMNS -> {
                inSpectrum = true;
                expectMoreSpectrum(line);
            }
            case SPECTRUM_ROW -> readSpectrumRow(line);
            case FOOTER_MEAN -> {
                inSpectrum = false;
                footerMean = millis(line, line.value(0));
                footerStdev = millis(line, line.value(1));
                expect(line, "'#[Max = <ms>, Total count = <count>]'", LineKind.FOOTER_MAX);
            }
            case FOOTER_MAX -> footerMax = millis(line, line.value(0));
            case REQUESTS -> {
                requests = Long.valueOf(line.value(0));
                elapsed = line.value(1);
                expectRestOfSummary(line);
            }
            case SOCKET_ERRORS -> {
                errors.connect = Long.parseLong(line.value(0));
                errors.read = Long.parseLong(line.value(1));
                errors.write = Long.parseLong(line.value(2));
                errors.timeout = Long.parseLong(line.value(3));
                expectRestOfSummary(line);
            }
            case NON_2XX -> {
                errors.non2xx = Long.parseLong(line.value(0));
                expectRestOfSummary(line);
            }
            case REQUESTS_PER_SEC -> requestsPerSec = Double.valueOf(line.value(0));
            case TRANSFER_PER_SEC -> transferPerSec = line.value(0);
            default -> {
                // calibration, Req/Sec, buckets and the dashed line carry nothing the results record
            }
        }
    }

    private void readPercentile(WrkLine line) throws UnreadableRunException {
        double p = Double.parseDouble(line.value(0));
        if (p > 100) {
            throw new UnreadableRunException(line.number(), "percentile above 100% in " + line.quoted());
        }
        Double ms = millis(line, line.value(1));
        if (ms == null) {
            throw new UnreadableRunException(line.number(), "expected a latency like 2.50ms, found " + line.quoted());
        }
        percentiles.add(new LoadRun.Percentile(p, ms));
        if (p < 100) {
            expect(line, "percentile lines up to '100.000%  <latency>'", LineKind.PERCENTILE);
        }
    }

    private void readSpectrumRow(WrkLine line) throws UnreadableRunException {
        if (!inSpectrum) {
            throw new UnreadableRunException(
                    line.number(),
                    "a spectrum row " + line.quoted()
                            + " outside a 'Detailed Percentile spectrum' (expected it before the '#[Mean = ...]' footer)");
        }
        double fraction = Double.parseDouble(line.value(1));
        if (fraction > 1) {
            throw new UnreadableRunException(
                    line.number(),
                    "expected a percentile between 0 and 1 in the spectrum's" + " second column, found "
                            + line.quoted());
        }
        spectrum.add(new LoadRun.SpectrumPoint(Units.millis(line.value(0)), fraction, Long.parseLong(line.value(2))));
        if (!bareSpectrum) {
            expectMoreSpectrum(line);
        }
    }

    private void expectMoreSpectrum(WrkLine line) {
        expect(
                line,
                "spectrum rows and then '#[Mean = <ms>, StdDeviation = <ms>]'",
                LineKind.SPECTRUM_ROW,
                LineKind.FOOTER_MEAN);
    }

    private void expectRestOfSummary(WrkLine line) {
        expect(line, "'Requests/sec: <number>'", LineKind.SOCKET_ERRORS, LineKind.NON_2XX, LineKind.REQUESTS_PER_SEC);
    }

    private void expect(WrkLine after, String what, LineKind... allowed) {
        pending = new Expectation(Set.of(allowed), what, after);
    }

    /** A latency in milliseconds, {@code null} for wrk's "nan" (no requests completed). */
    private static Double millis(WrkLine line, String text) throws UnreadableRunException {
        if (text.matches("-?nan\\w*")) {
            return null;
        }
        try {
            return Units.millis(text);
        } catch (IllegalArgumentException e) {
            throw new UnreadableRunException(line.number(), e.getMessage() + " (in " + line.quoted() + ")");
        }
    }
}
