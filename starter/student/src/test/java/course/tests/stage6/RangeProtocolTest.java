package course.tests.stage6;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@code GET /v0/entities?start=<ID>[&end=<ID>]}: a node's live entries in [start, end), sorted, one chunk each. */
@Stage(6)
@WithCluster(nodes = 1)
class RangeProtocolTest {
    @Test
    @Checks({"s6-range-200", "s6-chunk-per-entry"})
    void emptyRangesAre200WithNoEntries(Cluster cluster) throws Exception {
        String url = cluster.directUrl(0);
        assertEquals(List.of(), RangeReader.keys(url, "a", null), "an empty database");
        cluster.client().put(0, "m", "v").assertStatus(201);
        assertEquals(List.of(), RangeReader.keys(url, "n", null), "start after every key");
        assertEquals(List.of(), RangeReader.keys(url, "a", "b"), "no key in [a, b)");
        assertEquals(List.of(), RangeReader.keys(url, "m", "m"), "start == end is empty");
        assertEquals(List.of(), RangeReader.keys(url, "z", "a"), "start > end is empty");
    }

    @Test
    @Checks("s6-chunk-per-entry")
    void oneEntryIsOneChunkOfKeyNewlineValue(Cluster cluster) throws Exception {
        cluster.client().put(0, "only", "the value\nwith a newline").assertStatus(201);
        List<RangeReader.Chunk> chunks = RangeReader.readAll(cluster.directUrl(0), "only", null);
        assertEquals(1, chunks.size(), "entries of a one-key database");
        assertEquals("only", chunks.get(0).keyText());
        assertEquals("the value\nwith a newline", chunks.get(0).valueText());
        assertEquals(List.of("only"), RangeReader.keys(cluster.directUrl(0), "o", "p"));
        assertEquals(List.of(), RangeReader.keys(cluster.directUrl(0), "a", "only"), "end is exclusive");
    }

    @Test
    @Checks({"s6-range-200", "s6-chunk-per-entry"})
    void keysInsertedInReverseComeOutSortedWithTheirValues(Cluster cluster) throws Exception {
        KvClient c = cluster.client();
        List<String> keys = IntStream.range(0, 60)
                .mapToObj(i -> String.format("key-%03d", i))
                .toList();
        List<String> reversed = new ArrayList<>(keys);
        Collections.reverse(reversed);
        for (String key : reversed) {
            c.put(0, key, "value of " + key).assertStatus(201);
        }
        List<RangeReader.Chunk> all = RangeReader.readAll(cluster.directUrl(0), "key-000", null);
        assertEquals(keys, all.stream().map(RangeReader.Chunk::keyText).toList(), "an open end reads to the last key");
        for (RangeReader.Chunk chunk : all) {
            assertEquals("value of " + chunk.keyText(), chunk.valueText(), "the value of " + chunk.keyText());
        }
        assertEquals(keys.subList(10, 20), RangeReader.keys(cluster.directUrl(0), "key-010", "key-020"));
        assertEquals(keys.subList(0, 5), RangeReader.keys(cluster.directUrl(0), "a", "key-005"));
        assertEquals(keys.subList(55, 60), RangeReader.keys(cluster.directUrl(0), "key-054~", null));
    }

    @Test
    @Checks("s6-key-escaped")
    void aKeysPercentAndNewlineBytesAreEscapedSoEveryKeyReadsBack(Cluster cluster) throws Exception {
        KvClient c = cluster.client();
        // In unsigned byte order: a newline (0x0A) sorts before '%' (0x25).
        List<String> keys = List.of("k\n\n", "k\nv", "k%", "k%0A");
        for (String key : keys) {
            c.put(0, key, "value of " + key).assertStatus(201);
        }
        List<RangeReader.Chunk> all = RangeReader.readAll(cluster.directUrl(0), "k", null);
        assertEquals(
                keys,
                all.stream().map(RangeReader.Chunk::keyText).toList(),
                "keys with a newline or a '%': written with %0A and %25 in their chunks, they read back as stored");
        for (RangeReader.Chunk chunk : all) {
            assertEquals("value of " + chunk.keyText(), chunk.valueText(), "the value of " + chunk.keyText());
        }
    }

    @Test
    @Checks("s6-deleted-skipped")
    void deletedKeysAreSkippedAndOverwrittenOnesShowTheirLatestValue(Cluster cluster) throws Exception {
        KvClient c = cluster.client();
        for (int i = 0; i < 10; i++) {
            c.put(0, "k" + i, "old " + i).assertStatus(201);
        }
        for (int i = 1; i < 10; i += 2) {
            c.delete(0, "k" + i).assertStatus(202);
        }
        c.put(0, "k4", "new 4").assertStatus(201);
        List<RangeReader.Chunk> all = RangeReader.readAll(cluster.directUrl(0), "k", null);
        assertEquals(
                List.of("k0", "k2", "k4", "k6", "k8"),
                all.stream().map(RangeReader.Chunk::keyText).toList());
        assertEquals(
                List.of("old 0", "old 2", "new 4", "old 6", "old 8"),
                all.stream().map(RangeReader.Chunk::valueText).toList());
    }

    @Test
    @Checks("s6-bad-range-400")
    void aMissingOrEmptyStartIs400(Cluster cluster) throws Exception {
        String url = cluster.directUrl(0);
        for (String path : List.of("/v0/entities", "/v0/entities?start=", "/v0/entities?end=z")) {
            RangeReader.read(url, path, chunk -> true).assertStatus(400);
        }
        // The entity protocol is still served next to the range.
        cluster.client().put(0, "k", "v").assertStatus(201);
        cluster.client().get(0, "k").assertBody(200, "v");
    }

    @Test
    @Checks("s6-bad-range-400")
    void anEmptyEndIs400AndOtherMethodsAre405(Cluster cluster) throws Exception {
        cluster.client().put(0, "k", "v").assertStatus(201);
        RangeReader.read(cluster.directUrl(0), "/v0/entities?start=a&end=", chunk -> true)
                .assertStatus(400);
        for (String method : List.of("PUT", "POST", "DELETE")) {
            cluster.client()
                    .send(0, method, "/v0/entities?start=a", "v".getBytes(StandardCharsets.UTF_8))
                    .assertStatus(405);
        }
        assertEquals(
                List.of("k"), RangeReader.keys(cluster.directUrl(0), "a", null), "a refused request changes nothing");
    }
}
