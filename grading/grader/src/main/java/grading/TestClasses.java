package grading;

import course.harness.Paced;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The test classes a grade of a stage runs, read from the jars the sandbox gets (the public tests' test-jar and the
 * hidden tests'), so that {@code --only} is checked against what would run before anything is built or started: a
 * suffix that matches nothing once graded 0 of 0 points and exited 0.
 */
final class TestClasses {
    private TestClasses() {}

    /** The fully qualified names of the test classes (top-level, named *Test) in the stage's packages, sorted. */
    static List<String> of(int stage) {
        List<String> prefixes =
                packages(stage).stream().map(p -> p.replace('.', '/') + "/").toList();
        TreeSet<String> found = new TreeSet<>();
        for (Path artifact : ClasspathJars.of(ClasspathJars.Group.TESTS)) {
            for (String entry : entries(artifact)) {
                if (entry.endsWith("Test.class")
                        && !entry.contains("$")
                        && prefixes.stream().anyMatch(entry::startsWith)) {
                    found.add(entry.substring(0, entry.length() - ".class".length())
                            .replace('/', '.'));
                }
            }
        }
        return List.copyOf(found);
    }

    /** Packages to run for a stage: public then hidden, stages 1..N. */
    static List<String> packages(int stage) {
        List<String> p = new ArrayList<>();
        for (int s = 1; s <= stage; s++) {
            p.add("course.tests.stage" + s);
        }
        for (int s = 1; s <= stage; s++) {
            p.add("course.hidden.stage" + s);
        }
        return p;
    }

    /**
     * Refuses an {@code --only} suffix (one of its comma-separated suffixes) that no test class of the stage ends
     * with; null (no filter) passes.
     */
    static void checkOnly(int stage, String only) {
        if (only == null) {
            return;
        }
        List<String> classes = of(stage);
        for (String suffix : suffixes(only)) {
            checkSuffix(stage, suffix, classes);
        }
    }

    /** The test classes a grade of the stage runs, sorted: all of them, or those {@code only} (null: all) selects. */
    static List<String> selected(int stage, String only) {
        List<String> classes = of(stage);
        return only == null
                ? classes
                : classes.stream()
                        .filter(c -> suffixes(only).stream().anyMatch(c::endsWith))
                        .toList();
    }

    /** The suffixes of an {@code --only}: the class names it selects end with one of them. */
    static List<String> suffixes(String only) {
        return Arrays.stream(only.split(",")).map(String::trim).toList();
    }

    private static void checkSuffix(int stage, String only, List<String> classes) {
        if (only.isEmpty() || classes.stream().noneMatch(c -> c.endsWith(only))) {
            throw new GradeException("--only '" + only + "' matches no test class of stages 1.." + stage
                    + "; give the end of one of their names: "
                    + String.join(
                            ", ",
                            classes.stream()
                                    .map(c -> c.substring(c.lastIndexOf('.') + 1))
                                    .toList()));
        }
    }

    /**
     * Which of {@code classes} are {@link Paced}: read from the jars the test JVMs run (the tests and their runtime),
     * loaded but not initialized, so nothing of a test runs in the grader.
     */
    static Set<String> paced(List<String> classes) {
        List<Path> jars = new ArrayList<>(ClasspathJars.of(ClasspathJars.Group.TESTS));
        jars.addAll(ClasspathJars.of(ClasspathJars.Group.TEST_RUNTIME));
        Set<String> paced = new TreeSet<>();
        try (URLClassLoader loader = ClasspathJars.loader(jars)) {
            for (String name : classes) {
                Class<?> c = Class.forName(name, false, loader);
                if (Arrays.stream(c.getAnnotations())
                        .anyMatch(a -> a.annotationType().getName().equals(Paced.class.getName()))) {
                    paced.add(name);
                }
            }
        } catch (IOException | ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("cannot read which test classes are @Paced from " + jars + ": " + e, e);
        }
        return paced;
    }

    /** Class-file paths ("a/b/C.class") of a jar or of a class folder (a build that did not package). */
    private static List<String> entries(Path artifact) {
        try {
            if (Files.isDirectory(artifact)) {
                try (Stream<Path> walk = Files.walk(artifact)) {
                    return walk.filter(Files::isRegularFile)
                            .map(p -> artifact.relativize(p).toString().replace(File.separatorChar, '/'))
                            .toList();
                }
            }
            try (ZipFile zip = new ZipFile(artifact.toFile())) {
                return zip.stream().map(ZipEntry::getName).toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the test classes in " + artifact, e);
        }
    }
}
