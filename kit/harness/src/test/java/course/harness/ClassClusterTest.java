package course.harness;

import static course.harness.InProcessSuite.Status.FAILED;
import static course.harness.InProcessSuite.Status.PASSED;
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
        List<InProcessSuite.Outcome> outcomes = InProcessSuite.run(
                List.of(selectClass(Borrowers.class)), SocketOnlyService.Exclusive.class.getName(), 1);
        assertEquals(
                List.of("first", "second", "third", "fails", "afterAFailure", "ownCluster", "afterOneOfItsOwn"),
                outcomes.stream()
                        .map(o -> o.test().substring(o.test().indexOf('#') + 1))
                        .toList(),
                outcomes.toString());
        assertEquals(
                List.of(PASSED, PASSED, PASSED, FAILED, PASSED, PASSED, PASSED),
                outcomes.stream().map(InProcessSuite.Outcome::status).toList(),
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
