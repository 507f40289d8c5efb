package solutions.stage4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import one.nio.http.Request;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solutions.lsm.LsmStorage;
import solutions.stage1.ByteBudget;
import solutions.stage1.TestBudgets;
import solutions.stage3.PeerClient;

/**
 * The coordinator of a one-node cluster over the reference engine: its own replica's answer is held in the budget for
 * answers while the quorum decides, and every byte comes back once the client's answer is made, found or not.
 */
class CoordinatorTest {
    private static final String SELF = "http://localhost:1";

    @Test
    void whatTheOwnReplicaHeldComesBackOnceTheAnswerIsMade(@TempDir Path dir) throws Exception {
        ByteBudget answers = TestBudgets.of(8 << 20, "replica answers");
        try (Storage storage = LsmStorage.open(new StorageConfig(dir, 1 << 20));
                PeerClient peers = new PeerClient(SELF, "secret", Duration.ofSeconds(1))) {
            Coordinator coordinator = new Coordinator(
                    SELF,
                    1,
                    (key, from) -> List.of(SELF),
                    new LocalReplica(storage),
                    peers,
                    new Timestamps(),
                    answers,
                    Quorum::new);
            byte[] value = new byte[1 << 20];
            value[0] = 42;
            Request put = new Request(Request.METHOD_PUT, "/v0/entity?id=k", true);
            put.setBody(value);
            assertEquals(201, answer(coordinator, put).getStatus());
            assertEquals(0, answers.reservedBytes(), "a write holds nothing once answered");

            Response get = answer(coordinator, new Request(Request.METHOD_GET, "/v0/entity?id=k", true));
            assertEquals(200, get.getStatus(), new String(get.getBody(), StandardCharsets.UTF_8));
            assertArrayEquals(value, get.getBody());
            assertEquals(0, answers.reservedBytes(), "the read's record must be given back once the answer is made");

            Response missing = answer(coordinator, new Request(Request.METHOD_GET, "/v0/entity?id=none", true));
            assertEquals(404, missing.getStatus());
            assertEquals(0, answers.reservedBytes());
        }
    }

    private static Response answer(Coordinator coordinator, Request request) throws Exception {
        return coordinator.start(request).get(10, TimeUnit.SECONDS);
    }
}
