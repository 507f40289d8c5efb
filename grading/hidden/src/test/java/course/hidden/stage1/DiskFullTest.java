package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeMode;
import course.harness.Reply;
import course.harness.SmallDisk;
import course.harness.Stage;
import course.runtime.Submission;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node whose working directory is on a small filesystem (the grader's sandbox gives one; elsewhere the test mounts a
 * tmpfs, as root). With the disk full, a PUT is refused with 507 and a reason that shows no file path; once the disk
 * has room again the same running node takes writes and deletes, and after a restart it holds every write it
 * acknowledged, and of the refused one nothing or the whole value.
 */
@Stage(1)
class DiskFullTest {
    private static final int DISK_MEBIBYTES = 32;
    private static final int TRIES = 100;
    private static final Duration RECOVERY = Duration.ofSeconds(5);

    @TempDir
    Path tmp;

    @Test
    @Checks("s1-disk-full-507")
    void aWriteTheFullDiskRefusesIs507AndTheNodeGoesOnOnceThereIsRoom() throws Exception {
        Path mountPoint = Files.createDirectory(tmp.resolve("disk"));
        try (SmallDisk disk = SmallDisk.acquire(mountPoint, DISK_MEBIBYTES)) {
            Path data = Files.createDirectories(disk.root().resolve("node-0-data"));
            // The node's folder is on the small disk; the cluster's own files (the node's log) stay off it.
            Path base = Files.createDirectory(tmp.resolve("cluster"));
            Files.createSymbolicLink(base.resolve("node-0"), data);
            try (Cluster cluster =
                    new Cluster(Submission.current(), 1, NodeMode.effective(NodeMode.IN_PROCESS), "128m", base)) {
                cluster.startAll();
                episode(cluster, disk, data);
            } finally {
                deleteRecursively(data);
            }
        }
    }

    private static void episode(Cluster cluster, SmallDisk disk, Path data) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(10));
        Map<String, byte[]> acknowledged = new LinkedHashMap<>();
        c.put(0, "kept", "old").assertStatus(201);
        disk.fill();
        Reply refused = null;
        String refusedKey = null;
        byte[] refusedValue = null;
        for (int i = 0; i < TRIES && refused == null; i++) {
            byte[] value = value(i, 64 << 10);
            Reply r = c.put(0, "during-" + i, value);
            if (r.status() == 201) {
                acknowledged.put("during-" + i, value);
            } else {
                refused = r;
                refusedKey = "during-" + i;
                refusedValue = value;
            }
        }
        if (refused == null) {
            fail(TRIES + " PUTs of 64 KiB to a node whose disk is full were all answered 201: a write the node "
                    + "acknowledged must be on its disk (it survives kill -9)");
        }
        int expected = Submission.current().stage() >= 4 ? 504 : 507;
        if (refused.status() != 507 && refused.status() != expected) {
            fail(refused.request() + " to a node whose disk is full got " + refused.describeAnswer() + "; a write "
                    + "the node cannot store is answered 507 Insufficient Storage with the reason"
                    + (expected == 504 ? " (from stage 4 on, 504 too: its replica failed)" : ""));
        }
        String body = refused.bodyText();
        assertFalse(body.isBlank(), "the " + refused.status() + " must say what failed and why");
        for (Path path : new Path[] {data, cluster.workingDir(0), disk.root()}) {
            assertFalse(
                    body.contains(path.toString()),
                    "the answer shows the node's file paths (they belong in its log): " + body);
        }

        disk.free();
        byte[] one = {42};
        putOnceThereIsRoom(c, "one-byte", one);
        acknowledged.put("one-byte", one);
        c.delete(0, "kept").assertStatus(202);
        acknowledged.put("kept", null);
        for (int i = 0; i < 24; i++) { // more than a memtable of the reference: a flush after the episode works too
            byte[] value = value(1000 + i, 256 << 10);
            c.put(0, "after-" + i, value).assertStatus(201);
            acknowledged.put("after-" + i, value);
        }
        cluster.restart(0);
        for (Map.Entry<String, byte[]> e : acknowledged.entrySet()) {
            if (e.getValue() == null) {
                c.get(0, e.getKey()).assertStatus(404);
            } else {
                c.get(0, e.getKey()).assertBody(200, e.getValue());
            }
        }
        Reply afterwards = c.get(0, refusedKey);
        assertTrue(
                afterwards.status() == 404
                        || (afterwards.status() == 200 && Arrays.equals(afterwards.body(), refusedValue)),
                "a write refused for a full disk is never there in part: after it " + afterwards.request() + " got "
                        + afterwards.describeAnswer() + ", expected 404 or the whole value");
    }

    /** The first PUT once the disk has room again: a node may need a moment to notice, not more. */
    private static void putOnceThereIsRoom(KvClient c, String key, byte[] value) throws InterruptedException {
        long deadline = System.nanoTime() + RECOVERY.toNanos();
        Reply r;
        do {
            r = c.put(0, key, value);
            if (r.status() == 201) {
                return;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        fail("the disk has room again, yet " + r.request() + " still got " + r.describeAnswer() + " after "
                + RECOVERY.toSeconds() + " s: a full disk is an episode, and the running node must take writes "
                + "again once it is over");
    }

    private static byte[] value(int seed, int size) {
        byte[] value = new byte[size];
        Arrays.fill(value, (byte) seed);
        return value;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
