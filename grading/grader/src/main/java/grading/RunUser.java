package grading;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The user id a sandboxed run gets when the grader runs as root: one no account has, and not the one of any other run
 * on this machine. RLIMIT_NPROC counts every process and thread of a user, machine-wide; when every run was user
 * nobody, two grades at once (two students graded side by side, or the grader's tests in two forks) shared one
 * budget, and one's node JVMs made the other's fork or thread creation fail. Ids come from this JVM's pid and a
 * counter, far above the ranges that accounts and /etc/subuid use.
 */
final class RunUser {
    private static final int FIRST = 1_500_000_000;
    private static final int PER_JVM = 1024;
    private static final int JVMS = 500_000;
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private RunUser() {}

    static int next() {
        long jvm = ProcessHandle.current().pid() % JVMS;
        return FIRST + (int) (jvm * PER_JVM + Math.floorMod(COUNTER.getAndIncrement(), PER_JVM));
    }
}
