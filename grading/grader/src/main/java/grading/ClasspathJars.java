package grading;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The jars that each sandboxed JVM needs, as Maven resolved them when the grader was built: the grader's pom writes
 * one classpath per group ({@code maven-dependency-plugin:build-classpath}, filtered by artifact) into
 * {@code grading/classpath/<group>.txt} among its classes, so versions and files come from the build, never from a
 * list kept here.
 */
final class ClasspathJars {
    /** A group of jars: its file under {@code grading/classpath/}. */
    enum Group {
        /** What the submission compiles against: the contract and the libraries the starter pom offers. */
        COMPILE("compile"),
        /** What the test JVM runs with besides the submission and the tests: harness, runtime, JUnit, slf4j-nop. */
        TEST_RUNTIME("test-runtime"),
        /** The public tests (the starter's test-jar) and the hidden ones. */
        TESTS("tests"),
        /** What the performance JVM adds: the load kit and what it needs. */
        PERF_TOOLS("perf-tools"),
        /** The course's own code, used when the graded "submission" is a reference or a mutant. */
        COURSE_CODE("course-code");

        final String file;

        Group(String file) {
            this.file = file;
        }
    }

    private ClasspathJars() {}

    /** The jars (or class folders) of {@code group}, in the order Maven resolved them. */
    static List<Path> of(Group group) {
        String resource = "grading/classpath/" + group.file + ".txt";
        String text;
        try (InputStream in = ClasspathJars.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the grader's classpath lacks " + resource + " (written by its build);"
                        + " rebuild with ./course build");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Path> paths = text.isEmpty()
                ? List.of()
                : Arrays.stream(text.split(File.pathSeparator)).map(Path::of).toList();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw new IllegalStateException(p + " (of the grader's " + group.file + " classpath) is gone;"
                        + " rebuild with ./course build");
            }
        }
        return paths;
    }

    /**
     * A loader of {@code jars} (jars or class folders) over the platform's classes alone, so that what it loads is
     * what a test JVM with this classpath sees, not the grader's own copy. Load with {@code Class.forName(name, false,
     * loader)}: loaded, never initialized, nothing of the loaded code runs in the grader.
     */
    static URLClassLoader loader(List<Path> jars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a path of a jar or folder: " + jars.get(i), e);
            }
        }
        return new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
    }

    /** The grader's own classes (the runners that start inside the sandbox): a jar or a class folder. */
    static Path graderRunner() {
        String resource = "grading/runner/SandboxedTestRunner.class";
        URL url = ClasspathJars.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IllegalStateException(
                    "the grader's classpath lacks " + resource + "; rebuild with ./course build");
        }
        try {
            if ("jar".equals(url.getProtocol())) {
                String file = url.getPath();
                return Path.of(new URI(file.substring(0, file.indexOf("!/"))));
            }
            Path file = Path.of(url.toURI());
            for (String ignored : resource.split("/")) {
                file = file.getParent();
            }
            return file;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
