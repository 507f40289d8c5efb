package course.profiler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A running profiling session of one JVM; {@link #stop()} ends it and writes the flame graphs. */
public final class Profiling implements AutoCloseable {
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private final long pid;
    private final List<ProfilerEvent> events;
    private final Path outputDir;
    private final Path library;
    private final Path recording;
    private final String cpuEngine;
    private final String command;
    private final Instant started = Instant.now();
    private final List<String> notes;
    private List<Path> written;

    Profiling(
            long pid,
            List<ProfilerEvent> events,
            Path outputDir,
            Path library,
            Path recording,
            String cpuEngine,
            List<String> notes) {
        this.pid = pid;
        this.events = events;
        this.outputDir = outputDir;
        this.library = library;
        this.recording = recording;
        this.cpuEngine = cpuEngine;
        this.notes = new ArrayList<>(notes);
        this.command = ProcessHandle.of(pid).map(TargetJvm::describe).orElse("command unknown");
    }

    public long pid() {
        return pid;
    }

    public Path outputDir() {
        return outputDir;
    }

    /**
     * Stops and writes one flame graph HTML per event into outputDir (e.g. cpu.html, alloc.html, lock.html), next to
     * each its stacks as collapsed text (cpu.collapsed, ...: what a report's differential view compares), and the
     * raw recording as profile.jfr. Returns the HTML graphs; a second call returns the same files.
     */
    public synchronized List<Path> stop() throws IOException {
        if (written != null) {
            return written;
        }
        written = List.of(); // a failed stop is not retried: the agent's state is unknown by then
        Duration length = Duration.between(started, Instant.now());
        boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        if (!alive) {
            Files.deleteIfExists(recording);
            throw new IOException("JVM " + pid + " exited while it was being profiled; no flame graphs were written");
        }
        AgentAttach.Reply reply = AgentAttach.send(pid, library, "stop");
        if (!reply.ok()) {
            Files.deleteIfExists(recording);
            throw new IOException("async-profiler could not stop in JVM " + pid + ": " + reply.logLine());
        }
        Path jfr = outputDir.resolve("profile.jfr");
        AtomicWrite.moveIntoPlace(recording, jfr);
        JfrProfiles.Result result = JfrProfiles.read(jfr);
        for (String warning : result.warnings()) {
            addNote("async-profiler " + warning);
        }
        List<Path> files = new ArrayList<>();
        for (ProfilerEvent event : events) {
            long samples = result.samples().getOrDefault(event, 0L);
            if (samples == 0) {
                addNote(event.id() + ": no samples were recorded" + whyEmpty(event));
            }
            Path html = outputDir.resolve(event.htmlFileName());
            FlameGraphs.write(jfr, event, html, page(event, samples, length));
            FlameGraphs.writeCollapsed(jfr, event, outputDir.resolve(event.collapsedFileName()));
            files.add(html);
        }
        written = List.copyOf(files);
        return written;
    }

    /** Human-readable notes, e.g. "perf events not allowed here: cpu profiled with itimer instead". */
    public synchronized List<String> notes() {
        return List.copyOf(notes);
    }

    @Override
    public void close() throws IOException {
        stop();
    }

    private void addNote(String note) {
        if (!notes.contains(note)) {
            notes.add(note);
        }
    }

    /** Whether a session note belongs on this event's page: notes about another event stay off it. */
    private static boolean concerns(String note, ProfilerEvent event) {
        for (ProfilerEvent other : ProfilerEvent.values()) {
            if (other != event && note.startsWith(other.id() + ":")) {
                return false;
            }
        }
        return !note.startsWith("perf events") || event == ProfilerEvent.CPU;
    }

    private static String whyEmpty(ProfilerEvent event) {
        return switch (event) {
            case LOCK -> " (no thread waited for a contended lock)";
            case ALLOC -> " (the JVM allocated less than " + Profiler.ALLOC_INTERVAL + "B)";
            case CPU -> " (the JVM used no CPU)";
            case WALL -> "";
        };
    }

    private FlameGraphs.Page page(ProfilerEvent event, long samples, Duration length) throws IOException {
        String header = event.id() + " profile of JVM " + pid;
        String how = switch (event) {
            case CPU -> "engine " + cpuEngine + ", one sample per " + Profiler.CPU_INTERVAL + " of CPU time";
            case WALL -> "one sample per thread every " + Profiler.WALL_INTERVAL;
            case ALLOC -> "one sample per " + Profiler.ALLOC_INTERVAL + "B allocated";
            case LOCK -> "contended monitors and parks, sampled per " + Profiler.LOCK_THRESHOLD + " of waiting";
        };
        String summary = String.format(
                Locale.ROOT,
                "%s; %.1f s from %s; %d samples; %s; async-profiler %s",
                command,
                length.toMillis() / 1000.0,
                CLOCK.format(started),
                samples,
                how,
                AgentLibrary.version());
        List<String> pageNotes =
                notes.stream().filter(note -> concerns(note, event)).toList();
        return new FlameGraphs.Page(header, summary, pageNotes);
    }
}
