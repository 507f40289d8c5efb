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

    @Test
    void aWholeStageMakesACacheThatANodeJvmInTheSandboxStartsFrom() throws Exception {
        assumeTrue(Runtime.version().feature() >= NodeStartCache.JDK, "the JDK writes no such cache");
        Sandbox sandbox = Sandbox.forGrade(GradeCommandTest.SANDBOX_WORKS);
        try (Workspace ws = new Workspace()) {
            ws.addCourseCode();
            ws.openForSandbox();
            ByteArrayOutputStream progress = new ByteArrayOutputStream();
            boolean made = NodeStartTraining.make(setup(ws, sandbox, null), new PrintStream(progress, true, UTF_8));
            String said = progress.toString(UTF_8);
            if (!NodeStartCache.onlyJars(ws.runtimeClasspath())) {
                assertTrue(said.contains("(the classpath has class folders)"), said);
                assertNull(NodeStartTraining.cacheInside(ws, sandbox));
                return;
            }
            assertTrue(made, said);
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
    void oneTestClassMakesNoCache() throws Exception {
        Sandbox sandbox = Sandbox.forGrade(GradeCommandTest.SANDBOX_WORKS);
        try (Workspace ws = new Workspace()) {
            ws.addCourseCode();
            ByteArrayOutputStream progress = new ByteArrayOutputStream();
            assertTrue(!NodeStartTraining.make(
                    setup(ws, sandbox, "EntityProtocolTest"), new PrintStream(progress, true, UTF_8)));
            assertNull(NodeStartTraining.cacheInside(ws, sandbox), progress.toString(UTF_8));
        }
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
