package course.hidden.stage1;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Key order on disk. Keys are bytes and sort as unsigned bytes: keys whose UTF-8 holds bytes >= 0x80 sort after
 * every ASCII key, and a comparison that treats bytes as signed puts them first. Each batch below ends up in a
 * table of its own (a clean restart flushes), holding ASCII keys, keys with high bytes, and the smallest and
 * largest key of the table; every key is then read back, and keys just outside and between are absent.
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class KeyOrderTest {
    private static final List<List<String>> BATCHES = List.of(
            List.of("a", "m", "z", "\u00e9t\u00e9", "\u044f", "\u00ff"),
            List.of("!", "A", "~", "}", "\u0080", "\uD83D\uDE00", "\uFFFD"),
            List.of("k", "k\u00e9", "k\u00e9\u00e9", "l", "\u4e2d\u6587", "\uD83D\uDD11"));
    private static final List<String> ABSENT =
            List.of("", "0", "b", "kz", "\u00e8", "\u0430", "\uD83D\uDE01", "\uFFFF", "zz");

    @Test
    @Checks({"c-key-order", "c-get-live-value"})
    void keysWithHighBytesAndBoundaryKeysAcrossFlushes(Cluster cluster) throws Exception {
        KvClient c = cluster.client();
        Map<String, String> model = new LinkedHashMap<>();
        int n = 0;
        for (List<String> batch : BATCHES) {
            for (String key : batch) {
                String value = "value " + n++ + " of " + describe(key);
                c.put(0, key, value).assertStatus(201);
                model.put(key, value);
            }
            cluster.restart(0);
            readBack(c, model);
        }
        // overwrite the largest and smallest keys of the first table from a newer one
        for (String key : List.of("\u00ff", "a")) {
            String value = "newer " + describe(key);
            c.put(0, key, value).assertStatus(201);
            model.put(key, value);
        }
        cluster.restart(0);
        readBack(c, model);
    }

    private static void readBack(KvClient c, Map<String, String> model) {
        List<String> keys = new ArrayList<>(model.keySet());
        keys.sort((x, y) ->
                Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8)));
        for (String key : keys) {
            c.get(0, key).assertBody(200, model.get(key));
        }
        for (String key : ABSENT) {
            if (!key.isEmpty() && !model.containsKey(key)) {
                c.get(0, key).assertStatus(404);
            }
        }
    }

    private static String describe(String key) {
        StringBuilder hex = new StringBuilder("key 0x");
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            hex.append(String.format("%02x", b & 0xff));
        }
        return hex.toString();
    }
}
