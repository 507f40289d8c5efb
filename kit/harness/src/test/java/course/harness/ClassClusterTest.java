package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * {@link WithCluster#perClass()}: the tests of a class borrow one cluster in turn; a test after one that failed or left
 * a node stopped gets a new one, a method with an annotation of its own gets its own, and nothing outlives the class.
 */
class ClassClusterTest {
    /** The folder of the cluster each test of {@link Borrowers} got, by test. */
    private static final Map<String, Path> FOLDERS = Collections.synchronizedMap(new LinkedHashMap<>());

    @Test
    void theTestsOfAClassShareOneClusterUntilOneFailsOrLeavesANodeStopped() {
        FOLDERS.clear();
        Map<String, String> outcomes = Collections.synchronizedMap(new LinkedHashMap<>());
        try (SystemProperties submission = SystemProperties.set(
                Map.of("course.factory", SocketOnlyService.Exclusive.class.getName(), "course.stage", "1"))) {
            LauncherFactory.create()
                    .execute(
                            LauncherDiscoveryRequestBuilder.request()
                                    .selectors(selectClass(Borrowers.class))
                                    .build(),
                            new TestExecutionListener() {
                                @Override
                                public void executionFinished(TestIdentifier t, TestExecutionResult result) {
                                    if (t.isTest()) {
                                        outcomes.put(
                                                t.getDisplayName().replace("(Cluster)", ""),
                                                result.getStatus()
                                                        + result.getThrowable()
                                                                .map(e -> " " + e.getMessage())
                                                                .orElse(""));
                                    }
                                }
                            });
        }
        assertEquals(
                List.of("SUCCESSFUL", "SUCCESSFUL", "SUCCESSFUL", "FAILED", "SUCCESSFUL", "SUCCESSFUL", "SUCCESSFUL"),
                outcomes.values().stream().map(o -> o.split(" ")[0]).toList(),
                outcomes.toString());
        assertEquals(FOLDERS.get("first"), FOLDERS.get("second"), "the second test did not borrow the first's cluster");
        assertNotEquals(FOLDERS.get("second"), FOLDERS.get("third"), "a cluster with a stopped node was handed on");
        assertEquals(FOLDERS.get("third"), FOLDERS.get("fails"), FOLDERS.toString());
        assertNotEquals(FOLDERS.get("fails"), FOLDERS.get("afterAFailure"), "a failed test's cluster was handed on");
        assertFalse(
                FOLDERS.get("ownCluster").getFileName().toString().startsWith("course-Borrowers-"), FOLDERS.toString());
        assertEquals(FOLDERS.get("afterAFailure"), FOLDERS.get("afterOneOfItsOwn"), FOLDERS.toString());
        List<Path> left = new ArrayList<>();
        for (Path folder : FOLDERS.values()) {
            if (Files.exists(folder)) {
                left.add(folder);
            }
        }
        assertEquals(List.of(), left, "clusters left behind after the class ended");
    }

    /** Tests that borrow the class's cluster, in this order; one stops a node, one fails. */
    @ExtendWith(ClusterExtension.class)
    @WithCluster(nodes = 2, jvm = NodeJvm.QUICK_START, perClass = true)
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class Borrowers {
        @Test
        @Order(1)
        void first(Cluster cluster) {
            FOLDERS.put("first", cluster.baseDir());
        }

        @Test
        @Order(2)
        void second(Cluster cluster) throws IOException {
            FOLDERS.put("second", cluster.baseDir());
            cluster.stop(1);
        }

        @Test
        @Order(3)
        void third(Cluster cluster) {
            FOLDERS.put("third", cluster.baseDir());
        }

        @Test
        @Order(4)
        void fails(Cluster cluster) {
            FOLDERS.put("fails", cluster.baseDir());
            throw new AssertionError("this test fails on purpose");
        }

        @Test
        @Order(5)
        void afterAFailure(Cluster cluster) {
            FOLDERS.put("afterAFailure", cluster.baseDir());
        }

        @Test
        @Order(6)
        @WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
        void ownCluster(Cluster cluster) {
            FOLDERS.put("ownCluster", cluster.baseDir());
        }

        @Test
        @Order(7)
        void afterOneOfItsOwn(Cluster cluster) {
            FOLDERS.put("afterOneOfItsOwn", cluster.baseDir());
        }
    }
}
