package solutions.stage3;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Rendezvous (highest random weight) hashing: every node scores every key, the highest score owns it. Removing a
 * node moves only that node's keys, and the full ranking gives stage 4 its replica sets: the first F nodes, so the
 * set for a smaller F is always a prefix of the set for a larger one. Not final only so that a course mutant can
 * score with a hash that mixes badly ({@link #score}).
 */
public class Rendezvous {
    private static final long FNV_PRIME = 0x100000001b3L;

    private final List<String> nodes;
    private final long[] seeds;

    /** @param nodes the cluster's URLs, sorted (the order only breaks ties, which a 64-bit score makes rare) */
    public Rendezvous(List<String> nodes) {
        this.nodes = List.copyOf(nodes);
        this.seeds = new long[nodes.size()];
        for (int i = 0; i < seeds.length; i++) {
            seeds[i] = mix(fnv(nodes.get(i).getBytes(StandardCharsets.UTF_8), 0xcbf29ce484222325L));
        }
    }

    /** The node that owns the key. */
    public String owner(byte[] key) {
        int best = 0;
        long bestScore = score(0, key);
        for (int i = 1; i < seeds.length; i++) {
            long s = score(i, key);
            if (Long.compareUnsigned(s, bestScore) > 0) {
                best = i;
                bestScore = s;
            }
        }
        return nodes.get(best);
    }

    /** The first {@code count} nodes for the key, best first. */
    public List<String> ranking(byte[] key, int count) {
        Integer[] order = new Integer[seeds.length];
        long[] scores = new long[seeds.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
            scores[i] = score(i, key);
        }
        Arrays.sort(order, (a, b) -> {
            int byScore = Long.compareUnsigned(scores[b], scores[a]);
            return byScore != 0 ? byScore : Integer.compare(a, b);
        });
        return Arrays.stream(order, 0, Math.min(count, order.length))
                .map(nodes::get)
                .toList();
    }

    public int size() {
        return nodes.size();
    }

    /** The score of {@code node} (an index into the cluster's URLs) for the key: the highest owns it. */
    protected long score(int node, byte[] key) {
        return mix(fnv(key, seeds[node]));
    }

    /** The URL of {@code node}, an index into the cluster's sorted URLs. */
    protected final String url(int node) {
        return nodes.get(node);
    }

    private static long fnv(byte[] bytes, long seed) {
        long h = seed;
        for (byte b : bytes) {
            h ^= b & 0xff;
            h *= FNV_PRIME;
        }
        return h;
    }

    /** MurmurHash3's 64-bit finalizer: FNV alone spreads short keys that differ in the last byte poorly. */
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
