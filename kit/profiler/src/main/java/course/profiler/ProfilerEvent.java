package course.profiler;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a session can profile. Each event becomes its own flame graph; all of them are recorded in one async-profiler
 * session (a JFR recording), because async-profiler can sample one execution event plus allocations and locks at once.
 */
public enum ProfilerEvent {
    /** CPU time: perf events on Linux, falling back to itimer where perf events are not allowed. */
    CPU("cpu", "samples"),
    /** Heap allocations, weighed by the bytes each sample stands for. */
    ALLOC("alloc", "bytes"),
    /** Contended monitors and parked threads (ReentrantLock and friends), weighed by the time spent waiting. */
    LOCK("lock", "ns"),
    /** Wall-clock time of every thread, running or not. */
    WALL("wall", "samples");

    private final String id;
    private final String unit;

    ProfilerEvent(String id, String unit) {
        this.id = id;
        this.unit = unit;
    }

    /** The name users type, e.g. {@code cpu}. */
    public String id() {
        return id;
    }

    /** What one unit of weight in this event's flame graph means. */
    public String unit() {
        return unit;
    }

    /** The flame graph's file name, e.g. {@code cpu.html}. */
    public String htmlFileName() {
        return id + ".html";
    }

    /** The same graph's stacks as collapsed text (one line per stack), e.g. {@code cpu.collapsed}. */
    public String collapsedFileName() {
        return id + ".collapsed";
    }

    /** Parses a user's event name; the message lists the valid names. */
    public static ProfilerEvent parse(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (ProfilerEvent event : values()) {
            if (event.id.equals(wanted)) {
                return event;
            }
        }
        throw new IllegalArgumentException("unknown profiling event '" + name + "'; use one or more of "
                + Arrays.stream(values()).map(ProfilerEvent::id).collect(Collectors.joining(", ")));
    }
}
