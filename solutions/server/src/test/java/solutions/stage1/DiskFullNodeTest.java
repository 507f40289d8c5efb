package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.contract.Service;
import course.harness.KvClient;
import course.harness.Reply;
import course.harness.SmallDisk;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stage-1 statement's full disk, on the reference node: its data directory on a small tmpfs ({@link SmallDisk};
 * skipped where none can be mounted, e.g. without root or in the grader's sandbox). While the disk is full, writes
 * are answered 507 with the reason and no file path; once it has room again, a 1-byte PUT and a DELETE succeed on
 * the running node, stop() succeeds, and every acknowledged write is there after the restart.
 */
class DiskFullNodeTest {
    @TempDir
    Path mountPoint;

    private SmallDisk disk;
    /** Stopped here too, quietly, so that a failed check is what a failing test reports. */
    private Service node;

    @AfterEach
    void unmount() throws Exception {
        if (disk != null) {
            disk.closeAfter(node == null ? null : node::stop);
        }
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void writesRecoverOnceTheDiskHasRoomAgainAndErrorsShowNoPaths() throws Exception {
        disk = SmallDisk.acquire(mountPoint, 16);
        Path dir = mountPoint.resolve("node");
        int port = TestHttp.freePort();
        KvClient client = new KvClient(n -> "http://localhost:" + port, KvClient.DEFAULT_TIMEOUT);
        Map<String, byte[]> acknowledged = new LinkedHashMap<>();
        node = TestHttp.startNode(port, dir);
        // Room for the log of a full memtable (4 MiB) but not for its table too: its flush fails, then the log.
        disk.fillAllBut(6L << 20);
        Reply refused = null;
        for (int i = 0; refused == null; i++) {
            byte[] value = value(i, 256 << 10);
            Reply answer = client.put(0, "during-" + i, value);
            if (answer.status() == 201) {
                acknowledged.put("during-" + i, value);
            } else {
                refused = answer;
            }
            if (i > 1000) {
                fail("PUTs to a full disk never failed");
            }
        }
        assertEquals(507, refused.status(), refused.bodyText());
        assertTrue(refused.bodyText().contains("No space left on device"), refused.bodyText());
        assertFalse(
                refused.bodyText().contains(mountPoint.toString())
                        || refused.bodyText().contains("/"),
                "the answer shows a file path: " + refused.bodyText());

        disk.free();
        Reply put = client.put(0, "one-byte", new byte[] {42});
        assertEquals(201, put.status(), "a 1-byte PUT once the disk has room again: " + put.bodyText());
        acknowledged.put("one-byte", new byte[] {42});
        Reply delete = client.delete(0, "during-0");
        assertEquals(202, delete.status(), "a DELETE once the disk has room again: " + delete.bodyText());
        acknowledged.put("during-0", null);
        for (int i = 0; i < 24; i++) { // more than a memtable: the failed flush and a new one both succeed
            byte[] value = value(1000 + i, 256 << 10);
            Reply answer = client.put(0, "after-" + i, value);
            assertEquals(201, answer.status(), answer.bodyText());
            acknowledged.put("after-" + i, value);
        }
        assertDoesNotThrow(node::stop, "stop (SIGTERM's path) after the episode");
        node = TestHttp.startNode(port, dir);
        for (Map.Entry<String, byte[]> e : acknowledged.entrySet()) {
            Reply answer = client.get(0, e.getKey());
            if (e.getValue() == null) {
                assertEquals(404, answer.status(), "deleted: " + e.getKey());
            } else {
                assertEquals(200, answer.status(), "acknowledged: " + e.getKey());
                assertArrayEquals(e.getValue(), answer.body(), "acknowledged: " + e.getKey());
            }
        }
        node.stop();
    }

    private static byte[] value(int seed, int size) {
        byte[] value = new byte[size];
        Arrays.fill(value, (byte) seed);
        return value;
    }
}
