package solutions.lsm;

/**
 * A blocked bloom filter: every key sets {@link #HASHES} bits inside one 512-bit block (one cache line), so a
 * point read that asks a table "might you hold this key?" costs one memory access, not one per hash. The
 * filter is built on the heap while a table is written and read back straight from the mapped file, so open
 * tables keep nothing of it on the heap.
 */
final class BloomFilter {
    static final int BITS_PER_KEY = 10;
    static final int HASHES = 6;
    static final int BLOCK_BYTES = 64;
    private static final int LONGS_PER_BLOCK = BLOCK_BYTES / Long.BYTES;
    /** Caps the builder's heap use for huge compactions; the false-positive rate grows past ~6.7 M keys. */
    static final long MAX_BLOCKS = (8L << 20) / BLOCK_BYTES;

    private final long[] words;
    private final long blocks;

    BloomFilter(long expectedKeys) {
        long wanted = Math.max(1, (expectedKeys * BITS_PER_KEY + 511) / 512);
        this.blocks = Math.min(wanted, MAX_BLOCKS);
        this.words = new long[(int) (blocks * LONGS_PER_BLOCK)];
    }

    long blocks() {
        return blocks;
    }

    long[] words() {
        return words;
    }

    void add(byte[] key) {
        long h = hash(key);
        int base = (int) (blockOf(h, blocks) * LONGS_PER_BLOCK);
        int h1 = (int) h;
        int h2 = (int) (h >>> 17) | 1;
        for (int i = 0; i < HASHES; i++) {
            int bit = (h1 + i * h2) & 511;
            words[base + (bit >>> 6)] |= 1L << (bit & 63);
        }
    }

    /** Probes a filter stored at {@code offset} of a mapped table file. */
    static boolean mightContain(MappedFile file, long offset, long blocks, int hashes, byte[] key) {
        long h = hash(key);
        long base = offset + blockOf(h, blocks) * BLOCK_BYTES;
        int h1 = (int) h;
        int h2 = (int) (h >>> 17) | 1;
        for (int i = 0; i < hashes; i++) {
            int bit = (h1 + i * h2) & 511;
            long word = file.getLong(base + (long) (bit >>> 6) * Long.BYTES);
            if ((word & (1L << (bit & 63))) == 0) {
                return false;
            }
        }
        return true;
    }

    private static long blockOf(long hash, long blocks) {
        return Long.remainderUnsigned(hash >>> 32 ^ hash * 0x9E3779B97F4A7C15L, blocks);
    }

    /** A 64-bit hash of the key bytes (multiply-xorshift mixing; quality over speed is not needed here). */
    static long hash(byte[] key) {
        long h = 0x9E3779B97F4A7C15L ^ key.length;
        for (byte b : key) {
            h = (h ^ (b & 0xFF)) * 0x100000001B3L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return h;
    }
}
