package course.wrk2;

/**
 * What one line of wrk2 output is. The run kinds are declared in the order wrk2 prints them, so a line whose kind
 * comes before what the current run has already shown belongs to the next run.
 */
enum LineKind {
    HEADER(true, true),
    THREADS(true, true),
    CALIBRATION(false, false),
    THREAD_STATS(true, true),
    STATS_LATENCY(false, true),
    STATS_REQ_SEC(false, true),
    HDR_TITLE(true, true),
    PERCENTILE(true, false),
    SPECTRUM_TITLE(true, true),
    SPECTRUM_COLUMNS(true, true),
    SPECTRUM_ROW(false, false),
    FOOTER_MEAN(true, true),
    FOOTER_MAX(false, true),
    FOOTER_BUCKETS(false, true),
    SEPARATOR(false, true),
    REQUESTS(true, true),
    SOCKET_ERRORS(false, true),
    NON_2XX(false, true),
    REQUESTS_PER_SEC(true, true),
    TRANSFER_PER_SEC(false, true),
    /** A wrk/wrk2 invocation ("$ wrk -t4 -c64 -R 10000 -L http://..."): not part of a run, but describes the next one. */
    COMMAND,
    FENCE,
    BLANK,
    OTHER;

    /** Whether this line may open a run when none is open (a run pasted without its "Running ..." header). */
    final boolean startsRun;
    /** Whether a run prints this line at most once, so a second one belongs to the next run. */
    final boolean oncePerRun;

    /** A line of wrk2's output for a run. */
    LineKind(boolean startsRun, boolean oncePerRun) {
        this.startsRun = startsRun;
        this.oncePerRun = oncePerRun;
    }

    /** A line around the runs: prose, fences, blank lines, command lines. */
    LineKind() {
        this.startsRun = false;
        this.oncePerRun = false;
    }
}
