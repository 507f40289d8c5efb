package course.load;

import course.results.LoadRun;
import course.results.Results;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Where a run's files go and how they are written: {@code X.json} (the LoadRun), {@code X.hlog} (the HdrHistogram
 * log, one interval a second) and {@code X.txt} (the wrk2-format text), each written atomically.
 */
record RunFiles(Path json) {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    /** The project root for default output: $COURSE_ROOT when ./course set it, else the working directory. */
    static Path root() {
        String root = System.getenv("COURSE_ROOT");
        return root == null || root.isBlank() ? Path.of("") : Path.of(root);
    }

    static String timestamp() {
        return LocalDateTime.now(ZoneId.systemDefault()).format(STAMP);
    }

    /** {@code --out} when given (a .json file, or a directory to put the default name in), else results/load/. */
    static RunFiles of(LoadOptions o) {
        String name = timestamp() + "-" + o.workload().label() + "-" + rateName(o.rate()) + ".json";
        if (o.out() == null) {
            return new RunFiles(root().resolve("results").resolve("load").resolve(name));
        }
        if (o.out().getFileName().toString().endsWith(".json")) {
            return new RunFiles(o.out());
        }
        return new RunFiles(o.out().resolve(name));
    }

    static String rateName(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : String.format(Locale.ROOT, "%.1f", rate);
    }

    Path sibling(String extension) {
        String base = json.getFileName().toString().replaceFirst("\\.json$", "");
        return json.resolveSibling(base + extension);
    }

    Path hlog() {
        return sibling(".hlog");
    }

    Path text() {
        return sibling(".txt");
    }

    /** Writes the log and text first, then the JSON that points at the log. */
    void write(LoadRun run, List<Histogram> intervals, long startEpochMs, String text) throws IOException {
        Results.writeAtomically(hlog(), histogramLog(intervals, startEpochMs));
        Results.writeAtomically(text(), text);
        run.histogramLog = hlog().getFileName().toString();
        Results.write(json, run);
    }

    static String histogramLog(List<Histogram> intervals, long startEpochMs) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            HistogramLogWriter log = new HistogramLogWriter(ps);
            log.outputComment(
                    "course-load latencies in microseconds, measured from each request's scheduled send time");
            log.outputLogFormatVersion();
            log.outputStartTime(startEpochMs);
            log.setBaseTime(startEpochMs);
            log.outputLegend();
            for (Histogram h : intervals) {
                log.outputIntervalHistogram(
                        (h.getStartTimeStamp() - startEpochMs) / 1000.0,
                        (h.getEndTimeStamp() - startEpochMs) / 1000.0,
                        h,
                        1000.0);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
