package course.profiler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Profiles a running JVM with async-profiler, attached through the JDK's attach API.
 *
 * <p>All requested events are recorded in one async-profiler session into one JFR file, so every flame graph covers
 * the same time window (a load run profiled for cpu and alloc sees both for its whole length). On stop the recording
 * is split into one HTML flame graph per event, each with its stacks as collapsed text (what a report compares with
 * the previous stage's); the recording itself stays next to them as {@code profile.jfr} for
 * JDK Mission Control or IntelliJ.
 */
public final class Profiler {
    /** CPU sampling period: 100 samples per second per busy core, async-profiler's default. */
    static final String CPU_INTERVAL = "10ms";
    /** Wall-clock sampling period per thread. */
    static final String WALL_INTERVAL = "20ms";
    /** One allocation sample per this many bytes allocated. */
    static final String ALLOC_INTERVAL = "512k";
    /** Lock waits are sampled once this much waiting has accumulated. */
    static final String LOCK_THRESHOLD = "10us";

    private Profiler() {}

    /**
     * Starts profiling the JVM with this pid for the given events ("cpu", "alloc", "lock", "wall").
     *
     * @param outputDir where {@link Profiling#stop()} writes cpu.html, alloc.html, ... and profile.jfr; one directory
     *                  per session, since a second session into the same directory replaces the files
     * @throws IllegalArgumentException for an empty or unknown event name
     * @throws IOException when the pid is not a running JVM of this user or async-profiler cannot start in it
     */
    public static Profiling start(long pid, List<String> events, Path outputDir) throws IOException {
        List<ProfilerEvent> wanted = parse(events);
        TargetJvm.check(pid);
        Path dir = outputDir.toAbsolutePath().normalize();
        if (dir.toString().contains(",")) {
            throw new IOException("the output directory " + dir + " contains a comma, which async-profiler takes as"
                    + " an option separator; choose another directory");
        }
        Files.createDirectories(dir);
        Path library = AgentLibrary.extracted();
        Path recording = dir.resolve(".recording-" + pid + ".jfr");
        Files.deleteIfExists(recording);

        List<String> notes = new ArrayList<>();
        String cpuEngine = "cpu";
        if (wanted.contains(ProfilerEvent.CPU) && AgentLibrary.isMacOs()) {
            cpuEngine = "itimer";
            notes.add("macOS has no perf events: cpu profiled with itimer");
        }
        AgentAttach.Reply reply = AgentAttach.send(pid, library, startOptions(wanted, cpuEngine, recording));
        if (!reply.ok() && cpuEngine.equals("cpu") && reply.log().contains("Perf events")) {
            // perf_event_open is refused by kernel.perf_event_paranoid, seccomp or a container: use setitimer instead.
            cpuEngine = "itimer";
            notes.add("perf events not available here (" + reply.logLine().replaceAll("\\[(WARN|ERROR)] ", "")
                    + "): cpu profiled with itimer instead");
            reply = AgentAttach.send(pid, library, startOptions(wanted, cpuEngine, recording));
        }
        if (!reply.ok()) {
            Files.deleteIfExists(recording);
            throw startFailure(pid, reply);
        }
        notes.addAll(warnings(reply.log()));
        return new Profiling(pid, wanted, dir, library, recording, cpuEngine, notes);
    }

    static List<ProfilerEvent> parse(List<String> events) {
        if (events == null || events.isEmpty()) {
            throw new IllegalArgumentException("no profiling event given; use one or more of cpu, alloc, lock, wall");
        }
        Set<ProfilerEvent> parsed = new LinkedHashSet<>();
        for (String event : events) {
            parsed.add(ProfilerEvent.parse(event));
        }
        return List.copyOf(parsed);
    }

    /** The agent's start command: one execution event (cpu) plus alloc, lock and wall as extra JFR events. */
    static String startOptions(List<ProfilerEvent> events, String cpuEngine, Path recording) {
        StringBuilder options = new StringBuilder("start");
        if (events.contains(ProfilerEvent.CPU)) {
            options.append(",event=").append(cpuEngine).append(",interval=").append(CPU_INTERVAL);
        }
        if (events.contains(ProfilerEvent.ALLOC)) {
            options.append(",alloc=").append(ALLOC_INTERVAL);
        }
        if (events.contains(ProfilerEvent.LOCK)) {
            options.append(",lock=").append(LOCK_THRESHOLD);
        }
        if (events.contains(ProfilerEvent.WALL)) {
            options.append(",wall=").append(WALL_INTERVAL);
        }
        return options.append(",jfr,file=").append(recording).toString();
    }

    private static IOException startFailure(long pid, AgentAttach.Reply reply) {
        if (reply.log().contains("already started")) {
            return new IOException("async-profiler is already running in JVM " + pid + " (another profiling session,"
                    + " or one that was interrupted); wait for it to end or restart the node");
        }
        return new IOException("async-profiler could not start in JVM " + pid + ": " + reply.logLine());
    }

    /** Warnings the agent logged on a successful command, e.g. that kernel frames are hidden. */
    static List<String> warnings(String log) {
        List<String> warnings = new ArrayList<>();
        for (String line : log.split("\\R")) {
            if (line.startsWith("[WARN]") || line.startsWith("[ERROR]")) {
                warnings.add("async-profiler: "
                        + line.substring(line.indexOf(']') + 1).strip());
            }
        }
        return warnings;
    }
}
