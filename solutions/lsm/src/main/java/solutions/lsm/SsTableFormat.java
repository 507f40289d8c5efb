package solutions.lsm;

/**
 * The layout of a sorted table file ({@code *.sst}); all numbers are big-endian.
 * <pre>
 * data     entryCount records: int keyLength, int valueLength (-1 = tombstone), key bytes, value bytes
 * index    entryCount longs: the file offset of each record, in key order
 * padding  zeros up to a multiple of 64, so every bloom block sits in one CPU cache line
 * bloom    bloomBlocks blocks of 64 bytes ({@link BloomFilter})
 * footer   long entryCount, long indexOffset, long bloomOffset, long bloomBlocks, int bloomHashes,
 *          int formatVersion, long magic, int crc32c of every byte of the file before this field
 * </pre>
 */
final class SsTableFormat {
    static final long MAGIC = 0x4C534D5461626C65L; // "LSMTable"
    static final int VERSION = 1;
    static final int FOOTER_BYTES = 8 + 8 + 8 + 8 + 4 + 4 + 8 + 4;
    static final int TOMBSTONE_LENGTH = -1;
    static final int RECORD_HEADER_BYTES = 8;
    static final int BLOOM_ALIGNMENT = 64;

    private SsTableFormat() {}

    static long alignUp(long position, int alignment) {
        return (position + alignment - 1) / alignment * alignment;
    }
}
