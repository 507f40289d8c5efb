package grading.runner;

import course.load.LoadApi;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;

/**
 * The performance JVM's turns, granted by the grader over stdin: before each run that loads the machine it reports
 * {@code TURN} and waits for a line. The grader measures the submission and the reference side by side and grants
 * their runs one at a time, in turn, so that both sides meet the same machine. Once stdin ends (a grader that
 * measures one side alone closes it after the plan) every run goes at once.
 */
public final class GrantedTurns implements LoadApi.Turn {
    public static final String KIND = "TURN";

    private final BufferedReader grants;
    private final PrintStream reports;
    private final String secret;
    private boolean ended;

    GrantedTurns(BufferedReader grants, PrintStream reports, String secret) {
        this.grants = grants;
        this.reports = reports;
        this.secret = secret;
    }

    @Override
    public void take() throws IOException {
        if (ended) {
            return;
        }
        reports.println(ReportLine.line(secret, KIND, "", "", "", 0, ""));
        reports.flush();
        ended = grants.readLine() == null;
    }
}
