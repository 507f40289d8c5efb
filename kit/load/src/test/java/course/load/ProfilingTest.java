package course.load;

import static course.load.CommandRun.load;
import static course.load.CommandRun.words;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import course.results.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --profile: a load run against a server JVM comes back with flame graphs of that JVM. */
class ProfilingTest {
    @TempDir
    Path dir;

    @Test
    void profilesTheServerFoundByItsPortDuringTheRun() throws Exception {
        try (TestServerProcess server = TestServerProcess.start()) {
            CommandRun o = load(words(
                    "--url %s -R 1000 -c 4 -t 1 -d 2s --profile cpu,alloc --no-stabilize --no-progress --out %s",
                    server.url(), dir.resolve("run.json")));
            String printed = o.out();
            assertEquals(0, o.code(), o.err() + printed);
            assertTrue(o.err().contains("of pid " + server.pid()), o.err());
            assertTrue(Files.isRegularFile(dir.resolve("run-profile").resolve("cpu.html")), printed);
            assertTrue(Files.isRegularFile(dir.resolve("run-profile").resolve("alloc.html")), printed);
            // ./course report attaches the collapsed stacks beside each graph, for the report's differential view
            assertTrue(Files.isRegularFile(dir.resolve("run-profile").resolve("cpu.collapsed")), printed);
            assertTrue(Files.isRegularFile(dir.resolve("run-profile").resolve("alloc.collapsed")), printed);
            assertTrue(printed.contains("Flame graph: "), printed);
            var run = Results.read(dir.resolve("run.json"), LoadRun.class);
            assertTrue(
                    run.profiles != null && run.profiles.contains("run-profile/cpu.html"),
                    "the run's JSON must list its flame graphs, got " + run.profiles);
        }
    }

    @Test
    void aPortWithoutAJvmIsAClearError() throws Exception {
        try (TestHttpServer inProcess = new TestHttpServer()) {
            CommandRun o =
                    load(words("--url %s -R 100 -d 1s --profile cpu --no-stabilize --out %s", inProcess.url(), dir));
            // The server is this very JVM, which the profiler refuses: the message must say why.
            assertEquals(1, o.code());
            assertTrue(o.err().contains("cannot profile pid"), o.err());
        }
    }
}
