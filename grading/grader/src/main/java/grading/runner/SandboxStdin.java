package grading.runner;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What a JVM the grader starts inside the sandbox is given: the report secret (first line of stdin), its plan (what
 * follows), the rest of stdin ({@code more}: the classes the grader hands out, {@link SandboxPlan#handedOut}) and the
 * real stdout for {@link ReportLine} lines. Reading it moves System.out to stderr, so whatever
 * the submission prints can never be taken for a report. Bad input stops the JVM with exit code 2 and a line on
 * stderr saying what was wrong (the grader shows it), since there is nobody to throw to.
 */
record SandboxStdin<P>(String secret, P plan, BufferedReader more, PrintStream reports) {
    /** Reads the plan that follows the secret; a missing or broken plan is an {@link IllegalArgumentException}. */
    @FunctionalInterface
    interface PlanReader<P> {
        P read(BufferedReader rest) throws IOException;
    }

    /** {@code who} starts every error line ("perf", "runner"); a JVM of the sandbox takes no arguments. */
    static <P> SandboxStdin<P> read(String who, String[] args, PlanReader<P> planReader) throws IOException {
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String secret = stdin.readLine();
        if (secret == null || secret.isBlank() || args.length != 0) {
            throw exit(who + ": expected the report secret and the plan on stdin, and no arguments");
        }
        P plan;
        try {
            plan = planReader.read(stdin);
        } catch (IllegalArgumentException e) {
            throw exit(who + ": " + e.getMessage());
        }
        PrintStream reports = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        return new SandboxStdin<>(secret, plan, stdin, reports);
    }

    private static IllegalStateException exit(String message) {
        System.err.println(message);
        System.exit(2);
        return new IllegalStateException(message); // not reached: exit does not return
    }
}
