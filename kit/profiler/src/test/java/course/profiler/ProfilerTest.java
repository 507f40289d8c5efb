package course.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import one.convert.Arguments;
import one.convert.FlameGraph;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Profiles a real, separate, busy JVM through the public API. */
class ProfilerTest {
    @RegisterExtension
    static final OneChildJvm child = new OneChildJvm(false);

    @Test
    void cpuAllocAndLockOfOneSessionEachGetAFlameGraphWithTheBusyMethod(@TempDir Path dir)
            throws IOException, InterruptedException {
        Profiling profiling = Profiler.start(child.pid(), List.of("cpu", "alloc", "lock"), dir);
        Thread.sleep(2500);
        List<Path> files = profiling.stop();

        assertEquals(List.of(dir.resolve("cpu.html"), dir.resolve("alloc.html"), dir.resolve("lock.html")), files);
        assertFlameGraph(dir.resolve("cpu.html"), "BusyJvm.burnCpuRecognisably");
        assertFlameGraph(dir.resolve("alloc.html"), "BusyJvm.allocateRecognisably");
        assertFlameGraph(dir.resolve("alloc.html"), "byte[]");
        assertFlameGraph(dir.resolve("lock.html"), "BusyJvm.contendRecognisably");
        assertCollapsed(dir.resolve("cpu.collapsed"), dir.resolve("cpu.html"), "BusyJvm.burnCpuRecognisably");
        assertCollapsed(dir.resolve("alloc.collapsed"), dir.resolve("alloc.html"), "BusyJvm.allocateRecognisably");
        assertCollapsed(dir.resolve("lock.collapsed"), dir.resolve("lock.html"), "BusyJvm.contendRecognisably");
        assertTrue(Files.size(dir.resolve("profile.jfr")) > 1000, "the raw recording is kept");
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(
                    List.of(),
                    left.filter(p -> p.getFileName().toString().startsWith(".")).toList(),
                    "no temporary or in-progress files remain");
        }
        assertEquals(files, profiling.stop(), "a second stop returns the same files");
    }

    @Test
    void closeStopsASessionAndTheJvmCanBeProfiledAgain(@TempDir Path dir) throws IOException, InterruptedException {
        for (String round : List.of("first", "second")) {
            Path out = dir.resolve(round);
            try (Profiling profiling = Profiler.start(child.pid(), List.of("wall"), out)) {
                Thread.sleep(1200);
                assertTrue(profiling.notes().stream().noneMatch(n -> n.contains("ERROR")), profiling.notes()::toString);
            }
            // wall-clock samples every thread, sleeping or not
            assertFlameGraph(out.resolve("wall.html"), "BusyJvm.contendRecognisably");
            assertFlameGraph(out.resolve("wall.html"), "BusyJvm.burnCpuRecognisably");
        }
    }

    @Test
    void whereCpuPerfEventsAreRefusedCpuIsProfiledWithItimerAndANoteSaysSo(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "perf events exist on Linux only");
        try (ChildJvm limited = ChildJvm.startWithoutPerfEvents()) {
            Profiling profiling = Profiler.start(limited.pid(), List.of("cpu"), dir);
            Thread.sleep(1500);
            profiling.stop();
            assertTrue(
                    profiling.notes().stream()
                            .anyMatch(n -> n.startsWith("perf events not available here")
                                    && n.endsWith("cpu profiled with itimer instead")),
                    profiling.notes().toString());
            assertFlameGraph(dir.resolve("cpu.html"), "BusyJvm.burnCpuRecognisably");
            assertTrue(Files.readString(dir.resolve("cpu.html")).contains("engine itimer"));
        }
    }

    @Test
    void aPidWithoutAProcessIsRefusedClearly(@TempDir Path dir) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        IOException e = assertThrows(IOException.class, () -> Profiler.start(gone.pid(), List.of("cpu"), dir));
        assertTrue(e.getMessage().contains("no process with pid " + gone.pid()), e.getMessage());
    }

    @Test
    void aProcessThatIsNotAJvmIsRefusedClearly(@TempDir Path dir) throws Exception {
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            IOException e = assertThrows(IOException.class, () -> Profiler.start(sleep.pid(), List.of("cpu"), dir));
            assertTrue(e.getMessage().contains("is not a JVM"), e.getMessage());
            assertTrue(sleep.isAlive(), "the process is left alone");
        } finally {
            sleep.destroyForcibly();
        }
    }

    @Test
    void unknownEventsAreRefusedBeforeAttaching(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Profiler.start(child.pid(), List.of("cpu", "heap"), dir));
        assertTrue(
                e.getMessage().contains("'heap'") && e.getMessage().contains("cpu, alloc, lock, wall"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Profiler.start(child.pid(), List.of(), dir));
    }

    static void assertFlameGraph(Path html, String frame) throws IOException {
        assertTrue(Files.isRegularFile(html), html + " exists");
        String text = Files.readString(html);
        assertTrue(text.length() > 5000, html + " is a whole page, not " + text.length() + " characters");
        assertTrue(text.startsWith("<!DOCTYPE html>") && text.strip().endsWith("</html>"), html + " is complete");
        String stacks = collapsedStacks(text);
        assertTrue(
                stacks.contains(frame),
                html + " shows " + frame + "; its stacks begin:\n"
                        + stacks.substring(0, Math.min(2000, stacks.length())));
    }

    /**
     * The collapsed stacks written next to a graph: "frame;frame;... weight" lines that name the busy method, and
     * the same stacks and weights the HTML graph draws (the site's differential view reads these files).
     */
    static void assertCollapsed(Path collapsed, Path html, String frame) throws IOException {
        assertTrue(Files.isRegularFile(collapsed), collapsed + " exists");
        String text = Files.readString(collapsed);
        List<String> lines = text.lines().toList();
        assertTrue(
                !lines.isEmpty() && lines.stream().allMatch(l -> l.matches("\\S.*;?.* [0-9]+")),
                collapsed + " has one 'stack weight' line per stack:\n"
                        + text.substring(0, Math.min(2000, text.length())));
        assertTrue(text.contains(frame), collapsed + " names " + frame);
        assertEquals(
                collapsedStacks(Files.readString(html)).lines().sorted().toList(),
                lines.stream().sorted().toList(),
                collapsed + " holds the stacks its HTML graph draws");
    }

    /**
     * The graph's stacks as text, one "frame;frame;frame count" line each, read back by the converter itself: its
     * pages store frame names compressed, so a frame's name does not appear in the page as written.
     */
    static String collapsedStacks(String html) throws IOException {
        Arguments args = new Arguments();
        args.output = "collapsed";
        FlameGraph graph = new FlameGraph(args);
        graph.parseHtml(new StringReader(html));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            graph.dump(print);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
