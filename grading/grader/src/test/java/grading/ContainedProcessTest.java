package grading;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end of a sandboxed run is the end of everything it started. bwrap returns while the kernel is still killing
 * the rest of its pid namespace; a grader that returned then left hundreds of processes alive (caught on CI, where
 * they starved the next grade's process limit). On a fast machine the kernel usually wins that race, so the test
 * also checks that the sandbox's namespace was found, which is what the wait relies on.
 */
class ContainedProcessTest {
    private static final String MARKER = "654.321987";

    @TempDir
    Path dir;

    @Test
    void nothingTheSandboxStartedOutlivesTheEndOfTheRun() throws Exception {
        Sandbox sandbox = Sandbox.detect();
        assumeTrue(sandbox.problem() == null, "bubblewrap does not work here: " + sandbox.problem());
        Path workspace = Files.createDirectory(dir.resolve("ws"));
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        for (Path p : List.of(dir, workspace, tmp)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<String> command = sandbox.wrap(
                List.of(
                        "/bin/sh",
                        "-c",
                        "i=0; while [ $i -lt 900 ]; do sleep " + MARKER + " & i=$((i+1)); done; sleep 1; exit 3"),
                workspace,
                tmp,
                Limits.standard());

        ContainedProcess run = ContainedProcess.start(new ProcessBuilder(command).inheritIO());
        boolean exited = run.process().waitFor(60, TimeUnit.SECONDS);
        int couldNotEnd = run.end(Duration.ofSeconds(30));

        assertEquals(List.of(), left(), "processes of the sandbox outlived ContainedProcess.end");
        assertEquals(true, exited, "the sandboxed shell did not finish within 60 s");
        assertEquals(3, run.process().exitValue(), "the sandboxed shell's own exit code");
        assertEquals(0, couldNotEnd);
        String own = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
        assertTrue(
                run.sandboxNamespace() != null && !run.sandboxNamespace().equals(own),
                "the sandbox's own pid namespace was not found (got " + run.sandboxNamespace() + ", ours " + own + ")");
    }

    /** The first look must be fast (no ProcessHandle.info per process): the kernel empties the namespace quickly. */
    private static List<String> left() throws IOException {
        try (var entries = Files.list(Path.of("/proc"))) {
            return entries.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .map(p -> {
                        try {
                            return new String(Files.readAllBytes(p.resolve("cmdline")), UTF_8).replace('\0', ' ');
                        } catch (IOException e) {
                            return "";
                        }
                    })
                    .filter(c -> c.contains(MARKER))
                    .toList();
        }
    }
}
