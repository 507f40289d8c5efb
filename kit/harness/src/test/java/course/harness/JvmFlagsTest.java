package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JVM flags come from one file, jvm-flags.properties: the Java side reads the copy packed into kit-harness, and
 * the Maven build gives the same JDK flags to this very test JVM (surefire's argLine).
 */
class JvmFlagsTest {
    @Test
    void nodeJvmsGetTheFlagsOfTheOneFile() throws IOException {
        List<String> all = JvmFlags.all();
        assertTrue(all.contains("-XX:+ExitOnOutOfMemoryError"), all.toString());
        assertTrue(all.contains("-XX:+EnableDynamicAgentLoading"), all.toString());
        assertTrue(all.containsAll(JvmFlags.forThisJdk()), all.toString());
        Path root = Path.of(System.getProperty("course.root", "../.."));
        String source = Files.readString(root.resolve("jvm-flags.properties"));
        for (String flag : all) {
            assertTrue(source.contains(flag), flag + " is not written in " + root.resolve("jvm-flags.properties"));
        }
    }

    @Test
    void theTestJvmGotThisJdksFlagsFromTheSameFile() {
        List<String> flags = JvmFlags.forThisJdk();
        assertEquals(Runtime.version().feature() >= 24, !flags.isEmpty(), flags.toString());
        List<String> mine = ManagementFactory.getRuntimeMXBean().getInputArguments();
        assertTrue(mine.containsAll(flags), "this test JVM runs with " + mine + ", not all of " + flags);
    }
}
