package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.NotImplementedException;
import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.runtime.Submission;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a student with the skeleton sees when every node fails to start: the reason first, and no litter. */
class ClusterStartFailureTest {
    /** Like the skeleton: start() is not implemented yet. */
    public static final class SkeletonFactory implements ServiceFactory {
        @Override
        public Service create(ServiceConfig config) {
            return new Service() {
                @Override
                public void start() {
                    throw new NotImplementedException("StudentService.start()");
                }

                @Override
                public void stop() {}
            };
        }
    }

    @Test
    void aClusterThatDoesNotStartSaysWhyFirstAndLeavesNoFolder() throws Exception {
        Path base = Files.createTempDirectory("course-startFailure-");
        Submission skeleton = new Submission(SkeletonFactory.class.getName(), 1);

        ClusterExtension.ClusterDidNotStart e = assertThrows(
                ClusterExtension.ClusterDidNotStart.class,
                () -> ClusterExtension.startIn(
                        skeleton, 1, NodeMode.IN_PROCESS, "128m", base, false, NodeJvm.QUICK_START, true, Map.of()));

        assertTrue(e.getMessage().contains("not implemented: StudentService.start()"), e.getMessage());
        assertFalse(e.getMessage().startsWith("could not start a cluster"), e.getMessage());
        assertFalse(Files.exists(base), "the failed cluster's folder is deleted: " + base);
    }

    @Test
    void theNodeLogShowsAShortCommandWithoutTheClasspath() {
        String classpath = String.join(File.pathSeparator, List.of("/a/one.jar", "/b/two.jar", "/c/classes"));
        Path dir = Path.of("/tmp/course-cluster-1/node-0");
        String shown = ProcessNode.shortCommand(
                List.of(
                        "/usr/lib/jvm/x/bin/java",
                        "-Xmx128m",
                        "-Dcourse.a=b",
                        "-cp",
                        classpath,
                        "course.runtime.Launcher",
                        "--port",
                        "1",
                        "--dir",
                        dir.toString()),
                "128m",
                List.of("-XX:+UseSerialGC"),
                dir);
        assertEquals("java -Xmx128m -XX:+UseSerialGC Launcher --port 1 --dir <cluster dir>/node-0", shown);
    }
}
