package course.harness;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * JDK 25's ahead-of-time cache (JEP 483) of the classes a node JVM loads and links as it starts, for a test JVM that
 * starts hundreds of node JVMs of one classpath: a grade, whose grader makes the cache before the tests (one node
 * started by a JVM that writes it) and names it in {@value #PROPERTY}. On the 2-vCPU course VM a stage-4 node's
 * start and its first 200 requests took 0.90 core-seconds with such a cache against 1.10 without (0.59 against 0.78
 * with the C1-only, serial-collector flags of {@link NodeJvm#QUICK_START}); what a node does is the same with or
 * without it. A JVM that cannot use the cache (another JDK, another classpath) says so on stdout and starts without
 * it, so a node is given it only where the cache fits: the same JDK, and a classpath of jars, which is all the JDK
 * caches from.
 */
public final class NodeStartCache {
    /** The cache's file, as the test JVM sees it; unset or blank: nodes start without one. */
    public static final String PROPERTY = "course.nodeStartCache";

    /** The first JDK that writes such a cache in one run ({@code -XX:AOTCacheOutput}, JEP 514). */
    public static final int JDK = 25;

    private NodeStartCache() {}

    /** The flags that start a node of this JVM's classpath from the cache, or none. */
    static List<String> flags() {
        String file = System.getProperty(PROPERTY, "").trim();
        if (file.isEmpty()
                || Runtime.version().feature() < JDK
                || !Files.isRegularFile(Path.of(file))
                || !onlyJars(JavaCommand.classpath())) {
            return List.of();
        }
        return List.of("-XX:AOTCache=" + file);
    }

    /**
     * Whether the JDK caches classes from this classpath: every entry a file (a jar) or an empty folder (a grade of
     * the course's references has no classes of a submission). A non-empty folder makes the JDK refuse to write a
     * cache, and a JVM that wrote one exits with status 1 instead of 0.
     */
    public static boolean onlyJars(List<Path> classpath) {
        for (Path entry : classpath) {
            if (!(Files.isRegularFile(entry) || emptyFolder(entry))) {
                return false;
            }
        }
        return !classpath.isEmpty();
    }

    static boolean onlyJars(String classpath) {
        return onlyJars(Stream.of(classpath.split(File.pathSeparator))
                .filter(e -> !e.isEmpty())
                .map(Path::of)
                .toList());
    }

    private static boolean emptyFolder(Path path) {
        if (!Files.isDirectory(path)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(path)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }
}
