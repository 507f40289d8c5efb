package grading;

import java.time.Duration;

/**
 * What a graded submission may use. Memory is bounded per JVM by its heap (-Xmx) and per process by its address
 * space; processes (threads count too) by RLIMIT_NPROC; disk by the size of the sandbox's temp file system. Time: a
 * limit per test, a budget per test class ({@code perClass}, or derived from the whole run's limit: see
 * {@link #classBudget}) and a limit for the whole run.
 */
record Limits(
        Duration wholeRun,
        Duration perTest,
        String testHeap,
        long addressSpaceBytes,
        int processes,
        long tmpBytes,
        Duration perClass) {
    static Limits standard() {
        return new Limits(Duration.ofMinutes(15), Duration.ofSeconds(150), "512m", 4L << 30, 1024, 1536L << 20, null);
    }

    Limits withWholeRun(Duration d) {
        return new Limits(d, perTest, testHeap, addressSpaceBytes, processes, tmpBytes, perClass);
    }

    Limits withPerTest(Duration d) {
        return new Limits(wholeRun, d, testHeap, addressSpaceBytes, processes, tmpBytes, perClass);
    }

    Limits withPerClass(Duration d) {
        return new Limits(wholeRun, perTest, testHeap, addressSpaceBytes, processes, tmpBytes, d);
    }

    /**
     * How long one test class of a run of {@code classes} classes may take, its clusters' starts included: the
     * instructor's {@code --class-time-limit}, else twice an even share of the whole run's limit, at least one
     * test's limit and at most the whole run's (150 s for a whole stage: 15 min over its 30 to 55 classes).
     */
    Duration classBudget(int classes) {
        if (perClass != null) {
            return perClass;
        }
        Duration share = wholeRun.multipliedBy(2).dividedBy(Math.max(1, classes));
        Duration atLeast = share.compareTo(perTest) < 0 ? perTest : share;
        return atLeast.compareTo(wholeRun) > 0 ? wholeRun : atLeast;
    }

    /**
     * The most a run may take when classes were stopped at their budgets: their time does not count against the
     * whole run's limit, up to this (twice that limit), so a submission slow everywhere still ends.
     */
    Duration wholeRunWithStoppedClasses() {
        return wholeRun.multipliedBy(2);
    }
}
