package grading;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The jars (or class folders) that a graded test JVM needs, found on the grader's own classpath by a class each of
 * them holds, so the grader works the same from ./course, from Maven and from an IDE.
 */
final class Artifacts {
    /** What the submission compiles against: the contract and the libraries the starter pom offers. */
    static final Map<String, String> COMPILE = ordered(
            "contract", "course/contract/Service.class",
            "one-nio", "one/nio/http/HttpServer.class");

    /** What the test JVM runs with besides the submission. */
    static final Map<String, String> TEST_RUNTIME = ordered(
            "slf4j-api", "org/slf4j/Logger.class",
            // without a provider every node JVM prints three SLF4J warnings, which end up in failure messages
            "slf4j-nop", "org/slf4j/nop/NOPServiceProvider.class",
            "asm", "org/objectweb/asm/Opcodes.class",
            "kit-harness", "course/harness/Cluster.class",
            // what starts a node in a JVM of its own (the Launcher), and the command line it reads
            "runtime", "course/runtime/Launcher.class",
            "kit-command", "course/command/CourseCommandLine.class",
            "picocli", "picocli/CommandLine.class",
            "junit-jupiter-api", "org/junit/jupiter/api/Test.class",
            "junit-jupiter-engine", "org/junit/jupiter/engine/JupiterTestEngine.class",
            "junit-jupiter-params", "org/junit/jupiter/params/ParameterizedTest.class",
            "junit-platform-commons", "org/junit/platform/commons/util/ReflectionUtils.class",
            "junit-platform-engine", "org/junit/platform/engine/TestEngine.class",
            "junit-platform-launcher", "org/junit/platform/launcher/Launcher.class",
            "opentest4j", "org/opentest4j/AssertionFailedError.class",
            "apiguardian", "org/apiguardian/api/API.class",
            "public-tests", "course/tests/stage1/EntityProtocolTest.class",
            "hidden-tests", "course/hidden/Values.class",
            "grader-runner", "grading/runner/SandboxedTestRunner.class");

    /** What the performance JVM adds: the load kit and what it needs. */
    static final Map<String, String> PERF_TOOLS = ordered(
            "kit-load", "course/load/LoadApi.class",
            "kit-results", "course/results/LoadRun.class",
            "kit-wrk2", "course/wrk2/ParseResult.class",
            "kit-profiler", "course/profiler/Profiler.class",
            "hdrhistogram", "org/HdrHistogram/Histogram.class",
            "jackson-databind", "com/fasterxml/jackson/databind/ObjectMapper.class",
            "jackson-core", "com/fasterxml/jackson/core/JsonFactory.class",
            "jackson-annotations", "com/fasterxml/jackson/annotation/JsonInclude.class");

    /** one-nio's optional helpers: copied when the grader has them. */
    static final Map<String, String> OPTIONAL = ordered(
            "asm-util", "org/objectweb/asm/util/Printer.class",
            "asm-tree", "org/objectweb/asm/tree/ClassNode.class",
            "asm-analysis", "org/objectweb/asm/tree/analysis/Analyzer.class");

    /** The course's own code, used when the graded "submission" is a reference or a mutant. */
    static final Map<String, String> COURSE_CODE = ordered(
            "solutions", "solutions/stage1/Stage1Factory.class",
            "solutions-lsm", "solutions/lsm/LsmStorage.class",
            "grading-mutants", "grading/mutants/Mutant.class");

    private Artifacts() {
    }

    static boolean present(String resource) {
        return Artifacts.class.getClassLoader().getResource(resource) != null;
    }

    /** The classpath root holding {@code resource}: a jar file or a class folder. */
    static Path locate(String name, String resource) {
        URL url = Artifacts.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IllegalStateException("the grader's classpath lacks " + name + " (" + resource + "); "
                    + "rebuild with ./course build");
        }
        try {
            if ("jar".equals(url.getProtocol())) {
                return Path.of(((JarURLConnection) url.openConnection()).getJarFileURL().toURI());
            }
            Path file = Path.of(url.toURI());
            for (String ignored : resource.split("/")) {
                file = file.getParent();
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> ordered(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
