package course.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./course profile} as a user runs it, against a separate JVM that listens on a port. */
class ProfileCommandTest {
    @RegisterExtension
    static final OneChildJvm child = new OneChildJvm(true);

    @Test
    void thePortOfAJvmLeadsToItsPid() throws IOException {
        assertEquals(child.pid(), PortOwner.pidListeningOn(child.port()));
    }

    @Test
    void aPortNobodyListensOnIsReportedClearly() throws IOException {
        int free;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            free = probe.getLocalPort();
        }
        IOException e = assertThrows(IOException.class, () -> PortOwner.pidListeningOn(free));
        assertTrue(e.getMessage().contains("nothing listens on TCP port " + free), e.getMessage());
    }

    @Test
    void profilesANodeFoundByPortAndPrintsTheFlameGraphs(@TempDir Path dir) throws IOException {
        Run run = run(
                "--port",
                Integer.toString(child.port()),
                "--event",
                "cpu",
                "--duration",
                "2s",
                "--out",
                dir.toString(),
                "--stage",
                "2");
        assertEquals(0, run.status, run.err);
        assertTrue(
                Files.readString(dir.resolve(ProfileCommand.METADATA)).contains("stage=2"),
                "the profile knows its stage");
        assertTrue(run.out.contains("port " + child.port() + " belongs to pid " + child.pid()), run.out);
        assertTrue(run.out.contains(dir.resolve("cpu.html").toString()), run.out);
        ProfilerTest.assertFlameGraph(dir.resolve("cpu.html"), "BusyJvm.burnCpuRecognisably");
    }

    @Test
    void helpPrintsUsage() {
        Run run = run("--help");
        assertEquals(0, run.status);
        assertTrue(run.out.contains("usage: ./course profile (--pid PID | --port PORT)"), run.out);
    }

    @Test
    void badValuesExitWithStatus2AndSayWhatIsWrong() {
        assertUsageError("say which JVM to profile", "--duration", "2s");
        assertUsageError("either --pid or --port, not both", "--pid", "1", "--port", "80");
        assertUsageError("'soon' is not a duration", "--pid", "1", "--duration", "soon");
        assertUsageError("must be longer than zero", "--pid", "1", "--duration", "0s");
        assertUsageError("unknown profiling event 'heap'", "--pid", "1", "--event", "cpu,heap");
        assertUsageError("--port must be between 1 and 65535", "--port", "70000");
        assertUsageError("'abc' is not a whole number", "--pid", "abc");
        assertUsageError("Missing required parameter for option '--out'", "--pid", "1", "--out");
        // Once the profiler was attached to the node first, and its files failed to go there at the end.
        assertUsageError("pom.xml is a file, not a folder; give a folder", "--pid", "1", "--out", "pom.xml/profile");
        assertUsageError("Unknown option: '--verbose'", "--pid", "1", "--verbose");
        assertUsageError("there is no stage 9; the stages are 1 (1-sync-server)", "--pid", "1", "--stage", "9");
    }

    @Test
    void aPidThatIsNotRunningExitsWith1AndSaysSo(@TempDir Path dir) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Run run = run("--pid", Long.toString(gone.pid()), "--duration", "1s", "--out", dir.toString());
        assertEquals(1, run.status);
        assertTrue(run.err.contains("no process with pid " + gone.pid()), run.err);
    }

    private static void assertUsageError(String expected, String... args) {
        Run run = run(args);
        assertEquals(2, run.status, String.join(" ", args));
        assertTrue(run.err.contains(expected), "'" + run.err + "' should contain '" + expected + "'");
    }

    private record Run(int status, String out, String err) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new ProfileCommand(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))
                .execute(args);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
