package course.tests.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.harness.Checks;
import course.harness.KvClient;
import course.harness.Ports;
import course.harness.Reply;
import course.harness.Stage;
import course.runtime.Submission;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes of one factory in one JVM, each on its own port and directory, know nothing of each other's data: what
 * one stores or deletes, the other never sees. (The tests' clusters, and a grade, may run nodes in one JVM or in
 * one each; a static field that holds data shows only in the first.)
 */
@Stage(1)
class NodesShareNothingTest {
    @Test
    @Checks("c-nodes-share-nothing")
    void twoNodesOfOneFactoryInOneJvmKeepTheirOwnData(@TempDir Path base) throws Exception {
        List<Integer> ports = Ports.free(2);
        ServiceFactory factory = Submission.current().newFactory();
        Service a = factory.create(ServiceConfig.single(ports.get(0), Files.createDirectories(base.resolve("a"))));
        Service b = factory.create(ServiceConfig.single(ports.get(1), Files.createDirectories(base.resolve("b"))));
        a.start();
        try {
            b.start();
            try {
                KvClient nodeA = client(ports.get(0));
                KvClient nodeB = client(ports.get(1));
                nodeA.put(0, "mine", "a's value").assertStatus(201);
                expect(404, nodeB.get(0, "mine"), "a key only node A stored");
                nodeB.put(0, "mine", "b's value").assertStatus(201);
                nodeA.get(0, "mine").assertBody(200, "a's value");
                nodeB.delete(0, "mine").assertStatus(202);
                nodeA.get(0, "mine").assertBody(200, "a's value");
            } finally {
                b.stop();
            }
        } finally {
            a.stop();
        }
    }

    private static void expect(int status, Reply reply, String what) {
        assertEquals(
                status,
                reply.status(),
                reply.request() + " (" + what + ") answered " + reply.describeAnswer() + ": nodes of one factory"
                        + " share no state (no static field holding data or a cache); each keeps its data in its"
                        + " own working directory");
    }

    private static KvClient client(int port) {
        return new KvClient(i -> "http://localhost:" + port, Duration.ofSeconds(10));
    }
}
