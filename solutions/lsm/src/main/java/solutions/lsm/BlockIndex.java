package solutions.lsm;

import java.util.Arrays;

/**
 * The first key of every data block of one table, held on the heap, so that a point read finds the one block that
 * may hold its key without touching the file. A block is a run of consecutive records that lie within one
 * {@link #BLOCK_BYTES}-byte page of the file; a record that crosses a page boundary (every record larger than a page
 * does) is a block of its own. {@link SsTable#get} then reads that block with one positional read.
 *
 * <p>Why blocks end at page boundaries: the disk and the page cache deal in whole pages, so a read of 4 KiB at a
 * random offset brings in two of them. Blocks of up to 4 KiB from wherever the previous one ended (as RocksDB's
 * are) made a point read beyond memory read 6.2-6.6 KiB from the disk; now it reads 4.3-4.8 KiB (one page, and two
 * for the record of each page that runs over into the next: about a quarter of 1 KiB records). The get rate hardly
 * changed (one disk request costs about the same for one page or two adjacent ones); the page cache keeps a quarter
 * fewer bytes that no get asked for. {@code docs/benchmarks.md} has the runs.
 *
 * <p>Why a block index: a binary search over the mapped records compares its key with records all over the data
 * section, about log2(entries) of them, most in different pages. While the tables fit in the page cache that costs
 * nothing; once they do not, each of those pages is a disk read (and, through a mapping, a read-around of up to the
 * disk's read-ahead window). With the block index a point read costs one block read, as in RocksDB, whose index
 * blocks hold the same thing. The price is heap: one key and two numbers per block, about two blocks per 4 KiB of
 * data (about 2% of a table of 1 KiB values), built by one pass over the mapped offset index on the table's first
 * point read.
 */
final class BlockIndex {
    /** The page size (and RocksDB's default block size): a block within one page is one page read from the disk. */
    static final int BLOCK_BYTES = 4096;

    private final byte[] firstKeys;
    /** Block b's first key is {@code firstKeys[keyStarts[b] .. keyStarts[b + 1])}. */
    private final int[] keyStarts;
    /** Block b holds entries {@code [firstEntries[b], firstEntries[b + 1])}; the last element is the entry count. */
    private final long[] firstEntries;

    private final int blockCount;

    private BlockIndex(byte[] firstKeys, int[] keyStarts, long[] firstEntries, int blockCount) {
        this.firstKeys = firstKeys;
        this.keyStarts = keyStarts;
        this.firstEntries = firstEntries;
        this.blockCount = blockCount;
    }

    /** Groups the records of a table into blocks, reading its offset index and each block's first key. */
    static BlockIndex build(MappedFile file, long indexOffset, long entryCount) {
        byte[] keys = new byte[1024];
        int keyBytes = 0;
        int[] keyStarts = new int[17];
        long[] firstEntries = new long[17];
        int blocks = 0;
        long blockPage = -1;
        boolean lastCrossed = false;
        long recordStart = entryCount == 0 ? indexOffset : file.getLong(indexOffset);
        for (long i = 0; i < entryCount; i++) {
            // Records are stored back to back and the offset index follows the last one.
            long recordEnd = i + 1 < entryCount ? file.getLong(indexOffset + (i + 1) * Long.BYTES) : indexOffset;
            long page = recordStart / BLOCK_BYTES;
            boolean crosses = (recordEnd - 1) / BLOCK_BYTES != page; // a record is never empty: it has a header
            if (crosses || lastCrossed || page != blockPage) {
                if (blocks + 1 >= firstEntries.length) {
                    firstEntries = Arrays.copyOf(firstEntries, firstEntries.length * 2);
                    keyStarts = Arrays.copyOf(keyStarts, keyStarts.length * 2);
                }
                int keyLength = file.getInt(recordStart);
                if (keyBytes + keyLength > keys.length) {
                    long grown = Math.max(keys.length * 2L, keyBytes + (long) keyLength);
                    keys = Arrays.copyOf(keys, Math.toIntExact(grown));
                }
                byte[] key = file.getBytes(recordStart + SsTableFormat.RECORD_HEADER_BYTES, keyLength);
                System.arraycopy(key, 0, keys, keyBytes, keyLength);
                keyStarts[blocks] = keyBytes;
                firstEntries[blocks] = i;
                keyBytes += keyLength;
                blocks++;
                blockPage = page;
            }
            lastCrossed = crosses;
            recordStart = recordEnd;
        }
        keyStarts[blocks] = keyBytes;
        firstEntries[blocks] = entryCount;
        return new BlockIndex(
                Arrays.copyOf(keys, keyBytes),
                Arrays.copyOf(keyStarts, blocks + 1),
                Arrays.copyOf(firstEntries, blocks + 1),
                blocks);
    }

    /** The last block whose first key is {@code <= key}, or -1 when the key is before the table's first key. */
    int blockOf(byte[] key) {
        int lo = 0;
        int hi = blockCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (compareFirstKey(mid, key) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - 1;
    }

    /** Block {@code block}'s first key compared with {@code key}, as unsigned bytes. */
    int compareFirstKey(int block, byte[] key) {
        return Arrays.compareUnsigned(firstKeys, keyStarts[block], keyStarts[block + 1], key, 0, key.length);
    }

    long firstEntry(int block) {
        return firstEntries[block];
    }

    /** One past the block's last entry. */
    long endEntry(int block) {
        return firstEntries[block + 1];
    }
}
