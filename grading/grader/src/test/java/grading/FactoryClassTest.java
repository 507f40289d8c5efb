package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each way a named class can fail to be a factory the tests create, on classes javac compiled for the test. */
class FactoryClassTest {
    private static final String IMPLEMENTS = " implements course.contract.ServiceFactory {"
            + " public course.contract.Service create(course.contract.ServiceConfig c) { return null; }";

    @TempDir
    Path dir;

    @Test
    void eachClassThatTheTestsCannotCreateIsToldWhy() throws Exception {
        Path marker = dir.resolve("initialized");
        List<Path> classpath = compiled(
                "a/Good.java",
                "package a; public class Good" + IMPLEMENTS + " static { try { java.nio.file.Files.writeString("
                        + "java.nio.file.Path.of(\"" + marker + "\"), \"ran\"); } catch (Exception e) {} } }",
                "a/Plain.java",
                "package a; public class Plain { }",
                "a/Hidden.java",
                "package a; class Hidden" + IMPLEMENTS + " }",
                "a/Half.java",
                "package a; public abstract class Half" + IMPLEMENTS + " }",
                "a/Sized.java",
                "package a; public class Sized" + IMPLEMENTS + " public Sized(int n) { } }",
                "a/Private.java",
                "package a; public class Private" + IMPLEMENTS + " private Private() { } }",
                "a/Base.java",
                "package a; public abstract class Base" + IMPLEMENTS + " }",
                "a/Orphan.java",
                "package a; public class Orphan extends Base { }");
        Files.delete(dir.resolve("classes/a/Base.class"));

        assertEquals(Optional.empty(), FactoryClass.problem("a.Good", classpath));
        assertFalse(Files.exists(marker), "the grader ran the factory's static initializer");
        assertProblem("a.Nope", classpath, "there is no class a.Nope");
        assertProblem("a.Plain", classpath, "a.Plain does not implement course.contract.ServiceFactory");
        assertProblem("a.Hidden", classpath, "a.Hidden is not public");
        assertProblem("a.Half", classpath, "a.Half is abstract");
        assertProblem("a.Sized", classpath, "a.Sized needs a public no-argument constructor");
        assertProblem("a.Private", classpath, "a.Private's no-argument constructor is not public");
        assertProblem("a.Orphan", classpath, "a.Orphan does not load: java.lang.NoClassDefFoundError: a/Base");
        assertEquals(List.of("a.Good"), FactoryClass.factoriesIn(dir.resolve("classes"), classpath));
        assertFalse(Files.exists(marker), "the grader ran the factory's static initializer");
    }

    private static void assertProblem(String name, List<Path> classpath, String says) throws Exception {
        String problem = FactoryClass.problem(name, classpath).orElse("(none)");
        assertTrue(problem.startsWith(says), name + ": " + problem);
    }

    /** Compiles the sources (path, text, path, text, ...) against the contract into dir/classes: that folder first. */
    private List<Path> compiled(String... pathsAndTexts) throws Exception {
        List<Path> contract = ClasspathJars.of(ClasspathJars.Group.COMPILE);
        List<String> files = new ArrayList<>();
        for (int i = 0; i < pathsAndTexts.length; i += 2) {
            Path source = dir.resolve("src").resolve(pathsAndTexts[i]);
            Files.createDirectories(source.getParent());
            Files.writeString(source, pathsAndTexts[i + 1]);
            files.add(source.toString());
        }
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> args = new ArrayList<>(List.of(
                "-d",
                classes.toString(),
                "-cp",
                contract.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator))));
        args.addAll(files);
        int code = ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new));
        assertEquals(0, code, "javac failed");
        return Stream.concat(Stream.of(classes), contract.stream()).toList();
    }
}
