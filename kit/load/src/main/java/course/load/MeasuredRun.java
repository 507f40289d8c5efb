package course.load;

import course.results.LoadRun;

/** One finished run: its results document, the raw numbers behind it, and the wrk2-format text that was printed. */
record MeasuredRun(LoadRun run, RunResult result, String wrk2Text) {}
