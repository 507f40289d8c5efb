package solutions.stage2;

/**
 * How the stage-2 server runs its handlers, from system properties (all part of the stage-2 contract):
 * <pre>
 * -Dcourse.workers=N            worker threads (default: 2 x cores, at least 4)
 * -Dcourse.queueCapacity=N      requests that may wait for a worker (default 256); beyond that: 503 at once
 * -Dcourse.queue=array|fifo|lifo  the queue (default array)
 * -Dcourse.virtualThreads=true  workers are virtual threads (default false)
 * -Dcourse.deadlineMillis=N     a request that waited longer than this gets 503 without touching storage (default 1000)
 * -Dcourse.handlerDelayMillis=N test hook: each worker waits this long before it handles a request (default 0)
 * </pre>
 */
public record WorkerSettings(
        int workers,
        int queueCapacity,
        QueueKind queue,
        boolean virtualThreads,
        long deadlineMillis,
        long handlerDelayMillis) {
    public WorkerSettings {
        requireAtLeast("course.workers", workers, 1);
        requireAtLeast("course.queueCapacity", queueCapacity, 1);
        requireAtLeast("course.deadlineMillis", deadlineMillis, 1);
        requireAtLeast("course.handlerDelayMillis", handlerDelayMillis, 0);
    }

    public static WorkerSettings fromSystemProperties() {
        int defaultWorkers = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        return new WorkerSettings(
                (int) number("course.workers", defaultWorkers),
                (int) number("course.queueCapacity", 256),
                QueueKind.parse(System.getProperty("course.queue", "array")),
                bool("course.virtualThreads"),
                number("course.deadlineMillis", 1000),
                number("course.handlerDelayMillis", 0));
    }

    private static long number(String name, long defaultValue) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + name + " must be a whole number, got '" + value + "'", e);
        }
    }

    private static boolean bool(String name) {
        String value = System.getProperty(name, "false").trim();
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("-D" + name + " must be true or false, got '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    private static void requireAtLeast(String name, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException("-D" + name + " must be at least " + min + ", got " + value);
        }
    }
}
