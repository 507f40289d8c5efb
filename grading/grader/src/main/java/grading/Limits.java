package grading;

import java.time.Duration;

/**
 * What a graded submission may use. Memory is bounded per JVM by its heap (-Xmx) and per process by its address
 * space; processes (threads count too) by RLIMIT_NPROC; disk by the size of the sandbox's temp file system. Time: a
 * limit per test, a budget per test class ({@code perClass}, or derived from the whole run's limit: see
 * {@link #classBudget}), a limit for the whole run and one for the second run of the tests that did not pass
 * ({@code rerun}). CPUs: how many test JVMs run the classes side by side ({@code testJvms}; null: as many as
 * {@link #testJvmsHere} says), each in a sandbox of its own with the limits above.
 */
record Limits(
        Duration wholeRun,
        Duration perTest,
        String testHeap,
        long addressSpaceBytes,
        int processes,
        long tmpBytes,
        Duration perClass,
        Duration rerun,
        Integer testJvms) {
    /**
     * 20 minutes for the run: beside two busy loops per core a grade gets about half a core, and stage 6's 73 classes
     * took past 15 minutes there (idle: 8). 5 for the second run, which runs at most {@link Rerun#MAX_TESTS} tests.
     * With the stopped classes' allowance and the performance pair that is 39 minutes
     * ({@link GradeOptions#autograderTimeLimit}), inside Gradescope's 40.
     */
    static Limits standard() {
        return new Limits(
                Duration.ofMinutes(20),
                Duration.ofSeconds(150),
                "512m",
                4L << 30,
                1024,
                1536L << 20,
                null,
                Duration.ofMinutes(5),
                null);
    }

    Limits withWholeRun(Duration d) {
        return new Limits(d, perTest, testHeap, addressSpaceBytes, processes, tmpBytes, perClass, rerun, testJvms);
    }

    Limits withPerTest(Duration d) {
        return new Limits(wholeRun, d, testHeap, addressSpaceBytes, processes, tmpBytes, perClass, rerun, testJvms);
    }

    Limits withPerClass(Duration d) {
        return new Limits(wholeRun, perTest, testHeap, addressSpaceBytes, processes, tmpBytes, d, rerun, testJvms);
    }

    Limits withRerun(Duration d) {
        return new Limits(wholeRun, perTest, testHeap, addressSpaceBytes, processes, tmpBytes, perClass, d, testJvms);
    }

    Limits withAddressSpace(long bytes) {
        return new Limits(wholeRun, perTest, testHeap, bytes, processes, tmpBytes, perClass, rerun, testJvms);
    }

    Limits withTestJvms(int n) {
        return new Limits(wholeRun, perTest, testHeap, addressSpaceBytes, processes, tmpBytes, perClass, rerun, n);
    }

    /**
     * How many test JVMs run the grade's test classes side by side ({@link TestLanes}): {@code --test-jvms}, else
     * two where the machine has two CPUs or more (a test JVM and its nodes kept 1.1 of the course VM's 2 CPUs busy on
     * average) and one on a single CPU.
     */
    int testJvmsHere() {
        if (testJvms != null) {
            return testJvms;
        }
        return Runtime.getRuntime().availableProcessors() >= 2 ? 2 : 1;
    }

    /** The limits of the second run: its own limit as the whole run's. */
    Limits forRerun() {
        return withWholeRun(rerun);
    }

    /**
     * How long one test class of a run of {@code classes} classes may take, its clusters' starts included: the
     * instructor's {@code --class-time-limit}, else twice an even share of the whole run's limit, at least one
     * test's limit and at most the whole run's (150 s for a whole stage: 20 min over its 30 to 73 classes).
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
     * whole run's limit, up to this (that limit and two tests' limits: two stopped classes of a whole stage), so a
     * submission slow everywhere still ends within {@link GradeOptions#autograderTimeLimit}.
     */
    Duration wholeRunWithStoppedClasses() {
        return wholeRun.plus(perTest.multipliedBy(2));
    }
}
