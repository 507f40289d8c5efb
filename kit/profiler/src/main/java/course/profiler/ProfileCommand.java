package course.profiler;

import course.command.PrintingCommand;
import course.command.Stages;
import course.command.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code ./course profile}: attaches to a running node by pid or port, profiles it, writes flame graphs. */
@Command(
        name = "profile",
        sortOptions = false,
        synopsisHeading = "",
        customSynopsis = "usage: ./course profile (--pid PID | --port PORT) [--event cpu,alloc,lock,wall]"
                + " [--duration 30s] [--out DIR] [--stage N]%n",
        description = {
            "Attaches async-profiler to a running JVM (a node started with ./course run, say), profiles it for"
                    + " the duration and writes one HTML flame graph per event with its stacks as text"
                    + " (cpu.collapsed, ...: what a report compares with the previous stage's), plus the raw"
                    + " recording (profile.jfr) and the stage it belongs to (profile.properties).",
            ""
        },
        footer = {
            "",
            "example: ./course profile --port 8080 --event cpu,alloc --duration 20s",
            "Run a load (./course load) at the same time, or the graphs show an idle server."
        })
public final class ProfileCommand extends PrintingCommand {
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);
    /** Written next to the graphs: which stage they show, for reports. */
    static final String METADATA = "profile.properties";

    @Mixin
    private ProfileOptions options = new ProfileOptions();

    /** A command printing to {@code out} and {@code err}; {@link #execute} runs it on a command line. */
    public ProfileCommand(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        System.exit(new ProfileCommand(System.out, System.err).execute(args));
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        Integer stage;
        try {
            options.checked();
            stage = Stages.ofThisRepository().resolveAndSay("course profile", options.stage, err);
        } catch (UsageException | IllegalArgumentException e) {
            throw usage(e);
        }
        long pid = options.pid != null ? options.pid : PortOwner.pidListeningOn(options.port);
        if (options.port != null) {
            out.println("port " + options.port + " belongs to pid " + pid);
        }
        profile(pid, options, out);
        writeMetadata(options.out, stage);
        return 0;
    }

    private static void writeMetadata(Path dir, Integer stage) throws IOException {
        Properties p = new Properties();
        if (stage != null) {
            p.setProperty("stage", Integer.toString(stage));
        }
        try (Writer w = Files.newBufferedWriter(dir.resolve(METADATA))) {
            p.store(w, "written by ./course profile");
        }
    }

    private static void profile(long pid, ProfileOptions options, PrintStream out)
            throws IOException, InterruptedException {
        Profiling profiling = Profiler.start(pid, options.events, options.out);
        // Ctrl-C must not leave async-profiler running inside the node: stop it and keep what was recorded.
        int notesShown = profiling.notes().size();
        Thread onExit = new Thread(() -> stopOnExit(profiling, notesShown, out), "profile-stop-on-exit");
        Runtime.getRuntime().addShutdownHook(onExit);
        out.println("profiling pid " + pid + " for " + format(options.duration) + " ("
                + String.join(",", options.events) + ")");
        for (String note : profiling.notes()) {
            out.println("note: " + note);
        }
        List<Path> files;
        try {
            waitFor(pid, options.duration, out);
            files = profiling.stop();
        } finally {
            removeHook(onExit);
        }
        report(profiling, files, notesShown, out);
    }

    /** Sleeps through the duration, printing progress, and gives up early if the node exits. */
    private static void waitFor(long pid, Duration duration, PrintStream out) throws InterruptedException {
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        long nextProgress = start + PROGRESS_EVERY.toNanos();
        while (true) {
            long now = System.nanoTime();
            if (now >= end) {
                return;
            }
            if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return; // stop() then says that the node exited
            }
            if (now >= nextProgress) {
                out.printf(
                        "  %s of %s%n",
                        format(Duration.ofNanos(now - start).truncatedTo(ChronoUnit.SECONDS)), format(duration));
                nextProgress += PROGRESS_EVERY.toNanos();
            }
            Thread.sleep(Math.max(1, Math.min(200, (end - now) / 1_000_000)));
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook is running or has run
        }
    }

    private static void stopOnExit(Profiling profiling, int notesShown, PrintStream out) {
        try {
            out.println("interrupted: stopping async-profiler and writing what was recorded");
            report(profiling, profiling.stop(), notesShown, out);
        } catch (IOException e) {
            out.println("profile: " + e.getMessage());
        }
    }

    private static void report(Profiling profiling, List<Path> files, int notesShown, PrintStream out) {
        List<String> notes = profiling.notes();
        for (String note : notes.subList(Math.min(notesShown, notes.size()), notes.size())) {
            out.println("note: " + note);
        }
        out.println("flame graphs:");
        for (Path file : files) {
            out.println("  " + file);
        }
        if (!files.isEmpty()) {
            out.println("collapsed stacks (what a report compares with the previous stage's): "
                    + profiling.outputDir().resolve("*.collapsed"));
        }
        out.println("recording (JDK Mission Control, IntelliJ): "
                + profiling.outputDir().resolve("profile.jfr"));
    }

    private static String format(Duration duration) {
        if (duration.toMillis() % 1000 != 0) {
            return duration.toMillis() + " ms";
        }
        long seconds = duration.toSeconds();
        return seconds >= 60 && seconds % 60 == 0 ? seconds / 60 + " min" : seconds + " s";
    }
}
