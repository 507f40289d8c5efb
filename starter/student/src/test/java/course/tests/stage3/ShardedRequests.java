package course.tests.stage3;

import course.harness.KvClient;
import course.harness.Reply;

/**
 * The stage-3 tests send every request with {@code ack=1&from=1}: a stage-3 node ignores parameters it does not
 * know, and from stage 4 on they ask for exactly one copy on the first node of the key's replica order, so these
 * tests keep checking sharding after replication arrives.
 */
public final class ShardedRequests {
    private ShardedRequests() {}

    public static Reply get(KvClient c, int node, String key) {
        return c.get(node, key, 1, 1);
    }

    public static Reply put(KvClient c, int node, String key, byte[] value) {
        return c.put(node, key, value, 1, 1);
    }

    public static Reply delete(KvClient c, int node, String key) {
        return c.delete(node, key, 1, 1);
    }
}
