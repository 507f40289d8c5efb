package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.runtime.Submission;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node in a JVM of its own, started again on the same object, reads the {@code course.*} properties the test JVM
 * has at that start, as a node in the test's JVM does: set ones, changed ones, and none once they are put back.
 */
class RestartedNodeSettingsTest {
    @Test
    void aRestartedProcessNodeSeesTheTestsPropertiesAsTheyAreNow(@TempDir Path dir) throws IOException {
        Cluster cluster = new Cluster(
                new Submission(SocketOnlyService.Exclusive.class.getName(), 1), 1, NodeMode.PROCESS, "64m", dir);
        try (cluster) {
            try (SystemProperties ignored = SystemProperties.set(Map.of(SocketOnlyService.SETTING, "first"))) {
                cluster.startAll();
            }
            assertEquals("first", setting(cluster), "launched with the property on its command line");
            String odd = "second: spaces, = and +, ключ";
            try (SystemProperties ignored = SystemProperties.set(Map.of(SocketOnlyService.SETTING, odd))) {
                cluster.restart(0);
            }
            assertEquals(odd, setting(cluster), "started again after the test changed the property");
            cluster.restart(0);
            assertEquals("null", setting(cluster), "started again after the test put the property back (unset)");
        }
    }

    private static String setting(Cluster cluster) throws IOException {
        return Files.readString(cluster.workingDir(0).resolve(SocketOnlyService.SETTING_FILE), StandardCharsets.UTF_8);
    }
}
