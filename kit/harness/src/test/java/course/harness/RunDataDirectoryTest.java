package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where {@code ./course run} keeps its nodes' data, and for how long: a directory it made for itself goes when the run
 * stops (Ctrl-C or a TERM signal), a directory given with --dir stays. Each load-tested run left about 500 MB in /tmp
 * before, and no later run ever reads it.
 */
class RunDataDirectoryTest {
    private static String lastRunsErrors = "";
    private static final Pattern DATA_IN = Pattern.compile("data in (\\S+?)[,)]");

    @Test
    void aDirectoryTheRunMadeIsDeletedWhenTheRunStops() throws Exception {
        Path nodeDir = runUntilStopped(List.of());
        assertFalse(
                Files.exists(nodeDir),
                nodeDir + " is still there after the run stopped; the run's errors:\n" + lastRunsErrors);
        assertFalse(Files.exists(nodeDir.getParent()), nodeDir.getParent() + " is still there after the run stopped");
    }

    @Test
    void aDirectoryGivenWithDirIsKept(@TempDir Path dir) throws Exception {
        Path nodeDir = runUntilStopped(List.of("--dir", dir.toString()));
        assertTrue(nodeDir.startsWith(dir), nodeDir + " is not in --dir " + dir);
        assertTrue(Files.isDirectory(nodeDir), nodeDir + " of --dir was deleted when the run stopped");
    }

    /** Starts a one-node run, reads where its node keeps its data, stops it as Ctrl-C does: that directory. */
    private static Path runUntilStopped(List<String> more) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                JavaCommand.javaBinary(),
                "-cp",
                JavaCommand.classpath(),
                RunCommand.class.getName(),
                "--factory",
                SocketOnlyService.Exclusive.class.getName(),
                "--port",
                String.valueOf(Ports.free(1).get(0))));
        command.addAll(more);
        Path err = Files.createTempFile("run-data-", ".err");
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        try {
            Path nodeDir = dataDirectoryPrinted(p);
            assertNotNull(nodeDir, "the run printed no line with 'data in DIR'");
            assertTrue(Files.isDirectory(nodeDir), nodeDir + " does not exist while the node runs");
            p.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hooks run
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the run did not stop within 30 s of SIGTERM");
            lastRunsErrors = Files.readString(err);
            // SIGTERM came while the later nodes of the run (3 for the latest stage) were still starting: none of
            // them may outlive the run (one did, writing into the directory being deleted).
            List<ProcessHandle> left = nodesIn(nodeDir.getParent());
            left.forEach(ProcessHandle::destroyForcibly);
            assertEquals(List.of(), left, "nodes of the run still running after it stopped");
            return nodeDir;
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(err);
        }
    }

    /** The processes whose command line names a directory below {@code runDir}: the run's nodes. */
    private static List<ProcessHandle> nodesIn(Path runDir) {
        String dir = runDir.toString();
        return ProcessHandle.allProcesses()
                .filter(h ->
                        h.info().arguments().stream().flatMap(Arrays::stream).anyMatch(a -> a.startsWith(dir)))
                .toList();
    }

    private static Path dataDirectoryPrinted(Process p) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            Matcher m = DATA_IN.matcher(line);
            if (m.find()) {
                Thread drain = new Thread(() -> out.lines().forEach(l -> {}), "run-output");
                drain.setDaemon(true);
                drain.start();
                return Path.of(m.group(1));
            }
        }
        return null;
    }
}
