package grading;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import course.harness.JavaCommand;
import course.harness.NodeStartCache;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The node start cache of a grade ({@link NodeStartTraining}), made in the grade's own sandbox from the course's
 * stage-4 reference, and a node JVM of the same classpath in another sandbox that starts from it. Where the course's
 * classes are folders (a module build that did not package them) the grade says so and makes none.
 */
class NodeStartTrainingTest {
    private static final String FACTORY = "solutions.stage4.Stage4Factory";
    /** A training took 4.6 s on an idle 2-core machine, and past 20 s beside the rest of ./course test. */
    private static final long TRAINING_WITHIN_SECONDS = 120;

    private final Sandbox sandbox = Sandbox.forGrade(GradeCommandTest.SANDBOX_WORKS);

    @Test
    void aWholeStageMakesACacheThatANodeJvmInTheSandboxStartsFrom() throws Exception {
        assumeTrue(Runtime.version().feature() >= NodeStartCache.JDK, "the JDK writes no such cache");
        try (Workspace ws = new Workspace()) {
            openCourseCode(ws);
            // Its point is the cache, not the grade's 20 s: on a busy machine a training once took longer (ci77).
            Training training = train(ws, sandbox, TRAINING_WITHIN_SECONDS);
            String said = training.said();
            if (!NodeStartCache.onlyJars(ws.runtimeClasspath())) {
                assertTrue(said.contains("(the classpath has class folders)"), said);
                assertNull(NodeStartTraining.cacheInside(ws, sandbox));
                return;
            }
            assertTrue(training.made(), said);
            assertTrue(said.contains("node JVMs start from a class cache made in"), said);
            Path cache = NodeStartTraining.cacheInside(ws, sandbox);
            assertNotNull(cache, said);
            // A JVM that cannot map the cache says so on stdout and starts without it: nothing may be said here.
            List<String> java = new ArrayList<>(List.of(JavaCommand.javaBinary(), "-Xmx128m"));
            // the flags every node has: a JVM whose flags differ from the training's cannot use the cache
            java.addAll(JavaCommand.standardFlags());
            java.addAll(List.of(
                    "-XX:AOTCache=" + cache,
                    "-cp",
                    sandbox.classpathInside(ws.root, ws.runtimeClasspath()),
                    "course.runtime.Launcher",
                    "--help"));
            Path log = ws.root.resolve("node.log");
            var exit = ProcessTrees.exitWithin(
                    sandbox.wrap(java, ws.root, ws.tmp, Limits.standard()), log, NodeStartTraining.SECONDS);
            String out = Files.readString(log, UTF_8);
            assertEquals(0, exit.orElse(-1), out);
            assertTrue(out.startsWith("usage:") && !out.contains("[aot]"), out);
        }
    }

    @Test
    void aTrainingPastItsLimitLeavesNoCacheAndSaysSo() throws Exception {
        assumeTrue(Runtime.version().feature() >= NodeStartCache.JDK, "the JDK writes no such cache");
        try (Workspace ws = new Workspace()) {
            openCourseCode(ws);
            assumeTrue(NodeStartCache.onlyJars(ws.runtimeClasspath()), "the classpath has class folders");
            // A node's start and its 300 requests alone take longer than a second.
            Training training = train(ws, sandbox, 1);
            String said = training.said();
            assertTrue(!training.made(), said);
            assertTrue(said.contains("grade: node JVMs start without a class cache: its training ran past 1 s"), said);
            assertNull(NodeStartTraining.cacheInside(ws, sandbox), said);
        }
    }

    @Test
    void oneTestClassMakesNoCache() throws Exception {
        try (Workspace ws = new Workspace()) {
            ws.addCourseCode();
            ByteArrayOutputStream progress = new ByteArrayOutputStream();
            assertTrue(!NodeStartTraining.make(
                    setup(ws, sandbox, "EntityProtocolTest"), new PrintStream(progress, true, UTF_8)));
            assertNull(NodeStartTraining.cacheInside(ws, sandbox), progress.toString(UTF_8));
        }
    }

    /** Whether a training of the whole stage within {@code limitSeconds} made a cache, and what the grade said. */
    private record Training(boolean made, String said) {}

    private static Training train(Workspace ws, Sandbox sandbox, long limitSeconds) throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        boolean made =
                NodeStartTraining.make(setup(ws, sandbox, null), new PrintStream(progress, true, UTF_8), limitSeconds);
        return new Training(made, progress.toString(UTF_8));
    }

    /** The course's code in the workspace, open to the sandbox's user, as a grade's is when it trains. */
    private static void openCourseCode(Workspace ws) throws IOException {
        ws.addCourseCode();
        ws.openForSandbox();
    }

    private static TestRunSetup setup(Workspace ws, Sandbox sandbox, String only) {
        return new TestRunSetup(
                ws,
                sandbox,
                Limits.standard(),
                FACTORY,
                4,
                new TestJvm.Selection(TestClasses.packages(4), only, List.of(), 42, "", ws.tmp, null));
    }
}
