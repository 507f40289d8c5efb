package grading;

import java.time.Duration;

/**
 * What a graded submission may use. Memory is bounded per JVM by its heap (-Xmx) and per process by its address
 * space; processes (threads count too) by RLIMIT_NPROC; disk by the size of the sandbox's temp file system.
 */
record Limits(
        Duration wholeRun, Duration perTest, String testHeap, long addressSpaceBytes, int processes, long tmpBytes) {
    static Limits standard() {
        return new Limits(Duration.ofMinutes(15), Duration.ofSeconds(150), "512m", 4L << 30, 1024, 1536L << 20);
    }

    Limits withWholeRun(Duration d) {
        return new Limits(d, perTest, testHeap, addressSpaceBytes, processes, tmpBytes);
    }

    Limits withPerTest(Duration d) {
        return new Limits(wholeRun, d, testHeap, addressSpaceBytes, processes, tmpBytes);
    }
}
