package course.load;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import course.results.Results;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --profile: a load run against a server JVM comes back with flame graphs of that JVM. */
class ProfilingTest {
    @TempDir
    Path dir;

    @Test
    void profilesTheServerFoundByItsPortDuringTheRun() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process server = new ProcessBuilder(
                        java, "-cp", System.getProperty("java.class.path"), "course.load.TestServerMain")
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            String url = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = new LoadCommand(
                            new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8))
                    .execute(new String[] {
                        "--url",
                        url,
                        "-R",
                        "1000",
                        "-c",
                        "4",
                        "-t",
                        "1",
                        "-d",
                        "2s",
                        "--profile",
                        "cpu,alloc",
                        "--no-stabilize",
                        "--no-progress",
                        "--out",
                        dir.resolve("run.json").toString()
                    });
            String printed = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, code, err.toString(StandardCharsets.UTF_8) + printed);
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("of pid " + server.pid()), err.toString(UTF_8));
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
        } finally {
            server.getOutputStream().close();
            if (!server.waitFor(5, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    @Test
    void aPortWithoutAJvmIsAClearError() throws Exception {
        try (TestHttpServer inProcess = new TestHttpServer()) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = new LoadCommand(
                            new PrintStream(new ByteArrayOutputStream()),
                            new PrintStream(err, true, StandardCharsets.UTF_8))
                    .execute(new String[] {
                        "--url",
                        inProcess.url(),
                        "-R",
                        "100",
                        "-d",
                        "1s",
                        "--profile",
                        "cpu",
                        "--no-stabilize",
                        "--out",
                        dir.toString()
                    });
            // The server is this very JVM, which the profiler refuses: the message must say why.
            assertEquals(1, code);
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("cannot profile pid"), err.toString(UTF_8));
        }
    }
}
