package course.tests.stage1;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Ports;
import course.harness.Stage;
import course.harness.WithCluster;
import course.runtime.Submission;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Data survives stop and start of the same node object, and lives only in the node's working directory. */
@Stage(1)
class PersistenceTest {
    @Test
    @WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
    @Checks({"s1-restart-same-object", "c-restart-same-object", "c-stop-releases"})
    void dataSurvivesRestartOfTheSameObject(Cluster cluster) throws Exception {
        KvClient c = cluster.client();
        for (int i = 0; i < 200; i++) {
            c.put(0, "k" + i, "v" + i).assertStatus(201);
        }
        c.delete(0, "k7").assertStatus(202);
        cluster.restart(0);
        for (int i = 0; i < 200; i++) {
            if (i == 7) {
                c.get(0, "k7").assertStatus(404);
            } else {
                c.get(0, "k" + i).assertBody(200, "v" + i);
            }
        }
        // And once more, with writes between the restarts.
        c.put(0, "after", "restart").assertStatus(201);
        cluster.restart(0);
        c.get(0, "after").assertBody(200, "restart");
    }

    @Test
    @WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
    @Checks({"s1-stop-idempotent", "c-stop-idempotent", "c-stopped-silent", "c-stop-releases"})
    void stopIsIdempotentAndStoppedNodeDoesNotAnswer(Cluster cluster) throws Exception {
        cluster.stop(0);
        cluster.stop(0);
        var reply = cluster.client().withTimeout(Duration.ofSeconds(2)).get(0, "k");
        assertTrue(!reply.answered(), "a stopped node must not answer, but " + reply.describeAnswer());
        cluster.start(0);
        cluster.client().get(0, "k").assertStatus(404);
    }

    @Test
    @Checks({"s1-data-in-working-dir", "c-files-in-working-dir"})
    void dataLivesOnlyInTheWorkingDirectory(@TempDir Path base) throws Exception {
        Path first = Files.createDirectories(base.resolve("first"));
        Path second = Files.createDirectories(base.resolve("second"));
        int port = Ports.free(1).get(0);
        KvClient c = new KvClient(i -> "http://localhost:" + port, Duration.ofSeconds(10));

        Service a = Submission.current().newFactory().create(ServiceConfig.single(port, first));
        a.start();
        try {
            c.put(0, "mine", "first node's").assertStatus(201);
        } finally {
            a.stop();
        }
        try (var files = Files.list(first)) {
            assertTrue(files.findAny().isPresent(), "the node wrote nothing into its working directory " + first);
        }

        Service b = Submission.current().newFactory().create(ServiceConfig.single(port, second));
        b.start();
        try {
            c.get(0, "mine").assertStatus(404);
        } finally {
            b.stop();
        }

        Service again = Submission.current()
                .newFactory()
                .create(new ServiceConfig(
                        port,
                        "http://localhost:" + port,
                        List.of("http://localhost:" + port),
                        first,
                        ServiceConfig.newSecret()));
        again.start();
        try {
            c.get(0, "mine").assertBody(200, "first node's");
        } finally {
            again.stop();
        }
    }
}
