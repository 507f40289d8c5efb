package course.hidden.stage6;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.SeededValues;
import course.tests.stage6.RangeReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Ranges read back against a model: data spread over many flushed files (restarts and several MiB of values),
 * with overwrites and deletes that land in later files than the values they hide, and keys with bytes that need
 * care (spaces, &amp;, =, %, +, non-Latin letters, emoji). Every range equals the model's range [start, end).
 */
@Stage(6)
@WithCluster(nodes = 1)
class RangeModelTest {
    private static final String[] ODD = {
        "a b", "a&b=c", "x%41", "plus+sign", "ключ", "snow☃", "emoji😀", "tab\tkey", "quote\"", "slash/\\"
    };

    @Test
    @Checks({"s6-range-200", "c-range", "c-key-order"})
    void rangesOverManyFlushedFilesEqualTheModel(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        Random random = seed.random();
        TreeMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            keys.add("r" + String.format("%04d", i) + ODD[i % ODD.length]);
        }
        keys.addAll(List.of(ODD));
        for (int round = 0; round < 4; round++) {
            for (int i = 0; i < 400; i++) {
                String key = keys.get(random.nextInt(keys.size()));
                byte[] k = key.getBytes(StandardCharsets.UTF_8);
                if (random.nextInt(4) == 0) {
                    c.delete(0, key).assertStatus(202);
                    model.remove(k);
                } else {
                    // Large enough that every round fills more than one memtable.
                    byte[] value = SeededValues.of(seed.value(), round * 1000L + i, 2000 + random.nextInt(4000));
                    value[0] = 'v'; // never a newline first, so "<key>\n<value>" stays readable in messages
                    c.put(0, key, value).assertStatus(201);
                    model.put(k, value);
                }
            }
            if (round == 3) {
                // Every odd key is stored at the end, whatever the seed deleted last: keys whose first byte is >= 0x80
                // ("ключ") next to ASCII ones, so an order that is not unsigned bytes fails in every grade, not in
                // three of four.
                for (String odd : ODD) {
                    byte[] value = SeededValues.of(seed.value(), odd.hashCode(), 100);
                    value[0] = 'v';
                    c.put(0, odd, value).assertStatus(201);
                    model.put(odd.getBytes(StandardCharsets.UTF_8), value);
                }
            }
            cluster.restart(0);
        }
        String url = cluster.directUrl(0);
        List<String[]> ranges = new ArrayList<>();
        ranges.add(new String[] {"\u0001", null});
        // Ends at a key stored in every grade (the odd keys are written last), so a range that includes its end key
        // fails whatever the seed left stored at the ends of the random ranges below.
        ranges.add(new String[] {"r0100", "snow\u2603"});
        for (int i = 0; i < 8; i++) {
            String a = keys.get(random.nextInt(keys.size()));
            String b = keys.get(random.nextInt(keys.size()));
            ranges.add(Arrays.compareUnsigned(bytes(a), bytes(b)) <= 0 ? new String[] {a, b} : new String[] {b, a});
        }
        for (String[] r : ranges) {
            List<RangeReader.Chunk> got = RangeReader.readAll(url, r[0], r[1]);
            Map<byte[], byte[]> want = r[1] == null
                    ? model.tailMap(bytes(r[0]), true)
                    : model.subMap(bytes(r[0]), true, bytes(r[1]), false);
            assertEquals(describe(want), describeChunks(got), "range [" + r[0] + ", " + r[1] + ")");
        }
    }

    /**
     * A start past every key of a flushed file: a table's lower bound (the first entry at or after the start) must be
     * able to answer "none of them", or that table's last key leaks into a range that starts after it. Three files
     * (each batch flushed by a clean restart), each below the next one's keys, and a key in memory; ranges start
     * between the files, past all of them, and on a file's last key.
     */
    @Test
    @Checks({"s6-table-before-start", "c-range"})
    void aStartPastTheLastKeyOfAFlushedFileTakesNothingFromIt(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        TreeMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
        List<List<String>> files = List.of(List.of("b1", "b2", "b3"), List.of("d1", "d2"), List.of("f1"));
        int n = 0;
        for (List<String> file : files) {
            for (String key : file) {
                byte[] value = SeededValues.of(seed.value(), 9000 + n++, 100);
                value[0] = 'v';
                c.put(0, key, value).assertStatus(201);
                model.put(bytes(key), value);
            }
            cluster.restart(0);
        }
        c.put(0, "h1", "in memory").assertStatus(201);
        model.put(bytes("h1"), bytes("in memory"));
        String url = cluster.directUrl(0);
        String[][] ranges = {
            {"c", null},
            {"b30", null},
            {"e", null},
            {"g", null},
            {"i", null},
            {"b3", null},
            {"c", "e"},
            {"e", "g"},
            {"d3", "h"}
        };
        for (String[] r : ranges) {
            List<RangeReader.Chunk> got = RangeReader.readAll(url, r[0], r[1]);
            Map<byte[], byte[]> want = r[1] == null
                    ? model.tailMap(bytes(r[0]), true)
                    : model.subMap(bytes(r[0]), true, bytes(r[1]), false);
            assertEquals(
                    describe(want),
                    describeChunks(got),
                    "range [" + r[0] + ", " + r[1] + ") over files " + files + " and h1 in memory");
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> describe(Map<byte[], byte[]> entries) {
        List<String> out = new ArrayList<>();
        entries.forEach((k, v) ->
                out.add(new String(k, StandardCharsets.UTF_8) + " -> " + v.length + " bytes #" + Arrays.hashCode(v)));
        return out;
    }

    private static List<String> describeChunks(List<RangeReader.Chunk> chunks) {
        List<String> out = new ArrayList<>();
        for (RangeReader.Chunk ch : chunks) {
            out.add(ch.keyText() + " -> " + ch.value().length + " bytes #" + Arrays.hashCode(ch.value()));
        }
        return out;
    }
}
