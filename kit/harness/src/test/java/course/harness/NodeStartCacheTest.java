package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeStartCacheTest {
    @Test
    void aClasspathOfJarsAndEmptyFoldersCanBeCachedAndOneWithClassesInAFolderCannot(@TempDir Path dir)
            throws Exception {
        Path jar = Files.write(dir.resolve("a.jar"), new byte[] {1});
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.write(classes.resolve("A.class"), new byte[] {1});
        assertTrue(NodeStartCache.onlyJars(List.of(jar, empty)));
        assertTrue(NodeStartCache.onlyJars(jar + File.pathSeparator + empty));
        assertFalse(NodeStartCache.onlyJars(List.of(jar, classes)), "the JDK refuses a folder with classes");
        assertFalse(NodeStartCache.onlyJars(List.of(jar, dir.resolve("missing.jar"))));
        assertFalse(NodeStartCache.onlyJars(List.of()));
    }

    @Test
    void aNodeOfATestJvmWithClassFoldersStartsWithoutTheCacheEvenWhenOneIsNamed(@TempDir Path dir) throws Exception {
        // This module's tests run on target/classes: a node given the cache there would print a mismatch and, as a
        // trainer, exit with status 1.
        Path cache = Files.write(dir.resolve("node-start.aot"), new byte[] {1});
        System.setProperty(NodeStartCache.PROPERTY, cache.toString());
        try {
            assertEquals(List.of(), NodeStartCache.flags());
        } finally {
            System.clearProperty(NodeStartCache.PROPERTY);
        }
    }
}
