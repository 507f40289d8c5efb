package grading;

import course.harness.JavaCommand;
import course.harness.NodeStartCache;
import grading.runner.NodeStartTrainer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Makes a grade's node start cache ({@link NodeStartCache}) before its tests: a JVM in the sandbox (the one folder of
 * the workspace it may write into is the cache's), on the test JVMs' classpath and with the nodes' flags, starts one
 * node of the submission and sends it requests ({@link NodeStartTrainer}) with {@code -XX:AOTCacheOutput}, and the
 * test JVMs' nodes start from what it wrote (a JVM whose flags differ from the training's cannot map the cache). A stage-6 grade starts about 300
 * node JVMs, and their starts were most of its CPU time (2026-11-27: 486 of 540 core-seconds).
 *
 * <p>Its own limit on address space: a JVM that writes such a cache will not start under the sandbox's 4 GiB
 * ("Could not allocate compressed class space", JDK 25; it did under 8 GiB), though one that reads it does. Every
 * other limit is the tests'. A training that fails or runs past {@link #SECONDS} leaves no cache, and the nodes start
 * as they would without one.
 */
final class NodeStartTraining {
    /** A node that hangs or a submission that will not start must not hold the grade back for long. */
    static final long SECONDS = 20;

    /**
     * Fewer test classes make too few node JVMs to gain from a cache: training costs about 5 core-seconds and 2.5 s
     * before the first test, and a node start saves about 0.2 core-seconds; a class starts three or four node JVMs.
     */
    static final int MIN_CLASSES = 6;

    static final long ADDRESS_SPACE_BYTES = 16L << 30;
    static final String FILE = "node-start.aot";

    private NodeStartTraining() {}

    /** Where the cache is, in the workspace: read-only for the test JVMs' sandboxes, as the rest of it. */
    static Path cacheFolder(Workspace ws) {
        return ws.root.resolve("node-start");
    }

    /** The cache as the test JVMs see it, or null when none was made. */
    static Path cacheInside(Workspace ws, Sandbox sandbox) {
        Path cache = cacheFolder(ws).resolve(FILE);
        return Files.isRegularFile(cache) ? sandbox.inside(ws.root, cache) : null;
    }

    /**
     * Makes the cache in {@link #cacheFolder}; false (and why, on {@code progress}, but for a JDK older than
     * {@link NodeStartCache#JDK}) when there is none. The folder is on the grading machine's disk, not a sandbox's
     * temp file system: for the training's 20 s a submission could write more there than into its /tmp.
     */
    static boolean make(TestRunSetup given, PrintStream progress) throws IOException, InterruptedException {
        return make(given, progress, SECONDS);
    }

    /** {@link #make(TestRunSetup, PrintStream)} with the training given {@code limitSeconds} instead of 20. */
    static boolean make(TestRunSetup given, PrintStream progress, long limitSeconds)
            throws IOException, InterruptedException {
        Workspace ws = given.ws();
        Sandbox sandbox = given.sandbox();
        if (Runtime.version().feature() < NodeStartCache.JDK) {
            return false; // the JDK cannot write one in a run
        }
        int classes =
                TestClasses.selected(given.stage(), given.selection().only()).size();
        if (classes < MIN_CLASSES) {
            progress.println("grade: node JVMs start without a class cache (" + classes + " test class(es), fewer than "
                    + MIN_CLASSES + ": it would cost more than it saves)");
            return false;
        }
        if (!NodeStartCache.onlyJars(ws.runtimeClasspath())) {
            progress.println("grade: node JVMs start without a class cache (the classpath has class folders)");
            return false;
        }
        Path folder = cacheFolder(ws);
        Files.createDirectories(folder);
        // the sandbox's user is not the grader's: the one folder it writes into is open to it
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path inside = sandbox.inside(ws.root, folder.resolve(FILE));
        List<String> java = new ArrayList<>(List.of(JavaCommand.javaBinary(), "-Xmx128m"));
        java.addAll(JavaCommand.standardFlags()); // as every node's (JavaCommand.node)
        java.addAll(List.of(
                "-XX:AOTCacheOutput=" + inside,
                // one warning line on stdout per class it cannot keep (picocli's, of class-file version 49)
                "-Xlog:aot=off",
                "-Djava.io.tmpdir=" + sandbox.tmpInside(ws.tmp),
                "-cp",
                sandbox.classpathInside(ws.root, ws.runtimeClasspath()),
                NodeStartTrainer.class.getName(),
                given.factory()));
        Limits limits = given.limits().withAddressSpace(ADDRESS_SPACE_BYTES);
        long start = System.nanoTime();
        Path log = ws.root.resolve("node-start-training.log");
        OptionalInt exit =
                ProcessTrees.exitWithin(sandbox.wrap(java, ws.root, ws.tmp, limits, folder), log, limitSeconds);
        double seconds = (System.nanoTime() - start) / 1e9;
        Path cache = folder.resolve(FILE);
        if (exit.isPresent() && exit.getAsInt() == 0 && Files.isRegularFile(cache)) {
            progress.printf("grade: node JVMs start from a class cache made in %.1f s%n", seconds);
            return true;
        }
        Files.deleteIfExists(cache);
        progress.println("grade: node JVMs start without a class cache: its training "
                + (exit.isEmpty() ? "ran past " + limitSeconds + " s" : "exited with status " + exit.getAsInt()));
        return false;
    }
}
