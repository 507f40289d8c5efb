package course.harness;

import static course.harness.InProcessSuite.Status.FAILED;
import static course.harness.InProcessSuite.Status.PASSED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link WithCluster#settings}: the nodes start with them, in the test's JVM and in JVMs of their own, and the test
 * JVM has them no longer once the cluster has started; a setting that is not {@code name=value}, or settings for a
 * cluster the test starts itself, are refused.
 */
class ClusterSettingsTest {
    @Test
    void nodesStartWithTheSettingsAndNoTestKeepsThem() {
        List<InProcessSuite.Outcome> outcomes = InProcessSuite.run(
                List.of(selectClass(Settled.class), selectClass(Mistyped.class), selectClass(NeverStarted.class)),
                SocketOnlyService.Exclusive.class.getName(),
                1);
        Map<String, InProcessSuite.Outcome> byTest = outcomes.stream()
                .collect(Collectors.toMap(o -> o.test().substring(o.test().indexOf('#') + 1), o -> o));
        assertEquals(
                Map.of(
                        "inTheTestsJvm", PASSED,
                        "inAJvmOfItsOwn", PASSED,
                        "withoutAValue", FAILED,
                        "startedByTheTest", FAILED),
                byTest.entrySet().stream()
                        .collect(Collectors.toMap(
                                Map.Entry::getKey, e -> e.getValue().status())),
                outcomes.toString());
        String refusal = String.valueOf(byTest.get("withoutAValue").message());
        assertTrue(refusal.contains("'course.test.setting' is not name=value"), refusal);
        String unstarted = String.valueOf(byTest.get("startedByTheTest").message());
        assertTrue(unstarted.contains("started = false) with settings"), unstarted);
    }

    @Test
    void aValueMayHoldEqualsSignsAndANameIsGivenOnce() {
        assertEquals(
                Map.of("course.a", "x=y", "course.b", ""),
                NodeSettings.parse(new String[] {"course.a=x=y", "course.b="}));
        assertThrows(IllegalArgumentException.class, () -> NodeSettings.parse(new String[] {"=x"}));
        assertThrows(
                IllegalArgumentException.class, () -> NodeSettings.parse(new String[] {"course.a=1", "course.a=2"}));
    }

    @ExtendWith(ClusterExtension.class)
    static class Settled {
        static final String IN_A_JVM_OF_ITS_OWN = SocketOnlyService.SETTING + "=in a JVM of its own";

        @Test
        @WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START, settings = SocketOnlyService.SETTING + "=in process")
        void inTheTestsJvm(Cluster cluster) throws IOException {
            assertEquals("in process", setting(cluster));
            assertNull(System.getProperty(SocketOnlyService.SETTING), "the setting outlived the cluster's start");
        }

        @Test
        @WithCluster(nodes = 1, mode = NodeMode.PROCESS, jvm = NodeJvm.QUICK_START, settings = IN_A_JVM_OF_ITS_OWN)
        void inAJvmOfItsOwn(Cluster cluster) throws IOException {
            assertEquals("in a JVM of its own", setting(cluster));
            assertNull(System.getProperty(SocketOnlyService.SETTING), "the setting outlived the cluster's start");
        }
    }

    @ExtendWith(ClusterExtension.class)
    static class Mistyped {
        @Test
        @WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START, settings = SocketOnlyService.SETTING)
        void withoutAValue(Cluster cluster) {}
    }

    @ExtendWith(ClusterExtension.class)
    static class NeverStarted {
        @Test
        @WithCluster(
                nodes = 1,
                jvm = NodeJvm.QUICK_START,
                started = false,
                settings = SocketOnlyService.SETTING + "=never read")
        void startedByTheTest(Cluster cluster) throws IOException {
            cluster.startAll();
        }
    }

    private static String setting(Cluster cluster) throws IOException {
        return Files.readString(cluster.workingDir(0).resolve(SocketOnlyService.SETTING_FILE), StandardCharsets.UTF_8);
    }
}
