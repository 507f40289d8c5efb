package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.runtime.Launcher;
import course.runtime.Submission;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whoever starts a node refuses a port that another process listens on, saying which port and how to choose
 * another, and refuses a node that would share its port (SO_REUSEPORT): the launcher, ./course run and the
 * in-process harness.
 */
class NodeStartChecksTest {
    @Test
    void theLauncherNamesATakenPortAndTheOptionThatMovesIt(@TempDir Path dir) throws Exception {
        try (ServerSocketChannel other = listen()) {
            int port = port(other);
            Result r = launch(port, dir, SocketOnlyService.Exclusive.class);
            assertEquals(Launcher.EXIT_BIND_FAILED, r.exit, r.toString());
            assertTrue(r.stderr.contains("port " + port + " is taken") && r.stderr.contains("--port"), r.toString());
            assertFalse(r.stdout.contains(Launcher.READY), r.toString());
        }
    }

    @Test
    void theLauncherRefusesANodeThatSharesItsPort(@TempDir Path dir) throws Exception {
        int port = Ports.free(1).get(0);
        Result r = launch(port, dir, SocketOnlyService.SharesPort.class);
        assertEquals(Launcher.EXIT_START_FAILED, r.exit, r.toString());
        assertTrue(r.stderr.contains("port " + port) && r.stderr.contains("SO_REUSEPORT"), r.toString());
        assertFalse(r.stdout.contains(Launcher.READY), r.toString());
    }

    @Test
    void theLauncherSaysInOneLineWhichFactoryItCannotCreateAndMakesNothing(@TempDir Path dir) throws Exception {
        // Once the line came with 20 lines of the launcher's own stack trace, after the node's folder was made.
        int port = Ports.free(1).get(0);
        Path node = dir.resolve("node");
        List<String> args = launcher(port, node, SocketOnlyService.Exclusive.class);
        args.set(args.indexOf(SocketOnlyService.Exclusive.class.getName()), "student.StudentServicFactory");
        Result r = run(args, null);
        assertEquals(Launcher.EXIT_START_FAILED, r.exit, r.toString());
        assertEquals(
                "course launch: node on port " + port + " could not be created: declared factory class"
                        + " student.StudentServicFactory is not on the classpath (the factory comes from --factory,"
                        + " else from submission.properties)",
                r.stderr.strip(),
                r.toString());
        assertFalse(Files.exists(node), "the node's folder was made for a node that could not be created");

        Result thrown = launch(port, node, SocketOnlyService.FailsToConstruct.class);
        assertEquals(Launcher.EXIT_START_FAILED, thrown.exit, thrown.toString());
        assertTrue(
                thrown.stderr.contains("broken on purpose")
                        && thrown.stderr.contains("at " + SocketOnlyService.FailsToConstruct.class.getName()),
                "a constructor's own failure keeps its trace: " + thrown);
    }

    @Test
    void launchAndRunRefuseADataFolderThatIsAFile(@TempDir Path dir) throws Exception {
        // Once a FileAlreadyExistsException and its stack trace, from the node's start.
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        int port = Ports.free(1).get(0);
        Result launched = launch(port, file, SocketOnlyService.Exclusive.class);
        Result ran = runCommand(port, "--dir", file.toString());
        for (Result r : List.of(launched, ran)) {
            assertEquals(Launcher.EXIT_BAD_ARGS, r.exit, r.toString());
            assertTrue(r.stderr.contains("--dir '" + file + "': " + file + " is a file, not a folder"), r.toString());
            assertFalse(r.stderr.contains("Exception"), r.toString());
        }
        assertEquals("x", Files.readString(file));
    }

    @Test
    void runNamesATakenPortAndTheOptionThatMovesIt() throws Exception {
        try (ServerSocketChannel other = listen()) {
            int port = port(other);
            Result r = runCommand(port);
            assertEquals(RunCommand.EXIT_PORT_TAKEN, r.exit, r.toString());
            assertTrue(r.stderr.contains("port " + port + " is taken") && r.stderr.contains("--port "), r.toString());
        }
    }

    @Test
    void runOfANewStageChecksThePortOfEachOfItsNodes(@TempDir Path root) throws Exception {
        RunStageFactsTest.writeStages(root);
        try (ServerSocketChannel other = listen()) {
            int port = port(other);
            // Stage 7 has 4 nodes in its stage.yml: the taken port is that of node 0 of 4, said with PORT+i.
            Result r = run(
                    List.of(
                            "-Dcourse.root=" + root,
                            RunCommand.class.getName(),
                            "--stage",
                            "7",
                            "--port",
                            String.valueOf(port)),
                    null);
            assertEquals(RunCommand.EXIT_PORT_TAKEN, r.exit, r.toString());
            assertTrue(
                    r.stderr.contains("port " + port + " is taken")
                            && r.stderr.contains("(node i listens on PORT+i)")
                            && r.stderr.contains("--port " + (port + 4)),
                    r.toString());
        }
    }

    @Test
    void theInProcessHarnessRefusesANodeThatSharesItsPort(@TempDir Path dir) {
        Cluster cluster = new Cluster(
                new Submission(SocketOnlyService.SharesPort.class.getName(), 1), 1, NodeMode.IN_PROCESS, "128m", dir);
        try (cluster) {
            IOException e = assertThrows(IOException.class, cluster::startAll);
            assertTrue(e.getMessage().contains("SO_REUSEPORT"), String.valueOf(e));
        } catch (IOException closeFailure) {
            throw new AssertionError(closeFailure);
        }
    }

    @Test
    void theLauncherGivesTheNodeTheSecretFromItsEnvironment(@TempDir Path dir) throws Exception {
        int port = Ports.free(1).get(0);
        String self = "http://localhost:" + port;
        List<String> args = launcher(
                port,
                dir,
                SocketOnlyService.Exclusive.class,
                "--cluster",
                self + ",http://localhost:1",
                "--control",
                "stdin");
        String secret = "a-secret-of-the-test-cluster";
        Result started = run(args, secret);
        assertTrue(started.stdout.contains(Launcher.READY), started.toString());
        assertEquals(secret, Files.readString(dir.resolve(SocketOnlyService.SECRET_FILE)));

        Result without = run(args, null);
        assertEquals(Launcher.EXIT_BAD_ARGS, without.exit, without.toString());
        assertTrue(without.stderr.contains(Launcher.SECRET_ENV), without.toString());
    }

    private record Result(int exit, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit code " + exit + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    /** ./course run of the socket-only node on {@code port}, with {@code more} arguments. */
    private static Result runCommand(int port, String... more) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(
                RunCommand.class.getName(),
                "--factory",
                SocketOnlyService.Exclusive.class.getName(),
                "--port",
                String.valueOf(port)));
        args.addAll(List.of(more));
        return run(args, null);
    }

    /** The launcher of one node of {@code factory} on {@code port}, as ./course launch runs it. */
    private static Result launch(int port, Path dir, Class<?> factory) throws IOException, InterruptedException {
        return run(launcher(port, dir, factory), null);
    }

    /** The main class and arguments of the launcher of one node of {@code factory}, then {@code more} arguments. */
    private static List<String> launcher(int port, Path dir, Class<?> factory, String... more) {
        List<String> args = new ArrayList<>(List.of(
                Launcher.class.getName(),
                "--port",
                String.valueOf(port),
                "--dir",
                dir.toString(),
                "--factory",
                factory.getName()));
        args.addAll(List.of(more));
        return args;
    }

    /** Runs a main class in a JVM of its own; stdin is closed at once (a --control stdin launcher then ends). */
    private static Result run(List<String> mainAndArgs, String secret) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(JavaCommand.javaBinary(), "-cp", JavaCommand.classpath()));
        command.addAll(mainAndArgs);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove(Launcher.SECRET_ENV);
        if (secret != null) {
            builder.environment().put(Launcher.SECRET_ENV, secret);
        }
        Path out = Files.createTempFile("one-port-", ".out");
        Path err = Files.createTempFile("one-port-", ".err");
        Process p =
                builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            return new Result(
                    p.isAlive() ? -1 : p.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static ServerSocketChannel listen() throws IOException {
        ServerSocketChannel socket = ServerSocketChannel.open();
        socket.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        socket.bind(new InetSocketAddress(0));
        return socket;
    }

    private static int port(ServerSocketChannel socket) throws IOException {
        return ((InetSocketAddress) socket.getLocalAddress()).getPort();
    }
}
