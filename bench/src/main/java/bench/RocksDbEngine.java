package bench;

import java.io.IOException;
import java.nio.file.Path;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompressionType;
import org.rocksdb.FlushOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * RocksDB as the baseline, configured like the reference where they share a knob (memtable size, a WAL that is
 * written but not fsynced, no compression) and as its users tune it for point reads where the reference has an
 * equivalent: a bloom filter of 10 bits per key (the reference keeps one per table) and table files read through
 * {@code mmap} (the reference reads its tables through {@code mmap} with no copy). With mmap reads RocksDB serves
 * uncompressed data blocks from the page cache, so both engines use the same memory for data: the page cache.
 */
final class RocksDbEngine implements BenchEngine {
    static {
        RocksDB.loadLibrary();
    }

    /** Bits per key of the bloom filter: RocksDB's own recommendation for about 1% false positives. */
    static final double BLOOM_BITS_PER_KEY = 10;
    /** For index and filter blocks only (data blocks come from the page cache through mmap). */
    static final long BLOCK_CACHE_BYTES = 64L << 20;

    private final LRUCache blockCache;
    private final BloomFilter bloom;
    private final Options options;
    private final RocksDB db;

    RocksDbEngine(Path dir, long writeBufferBytes) throws IOException {
        blockCache = new LRUCache(BLOCK_CACHE_BYTES);
        bloom = new BloomFilter(BLOOM_BITS_PER_KEY, false);
        BlockBasedTableConfig table =
                new BlockBasedTableConfig().setFilterPolicy(bloom).setBlockCache(blockCache);
        options = new Options()
                .setCreateIfMissing(true)
                .setWriteBufferSize(writeBufferBytes)
                .setCompressionType(CompressionType.NO_COMPRESSION)
                .setTableFormatConfig(table)
                .setAllowMmapReads(true);
        try {
            db = RocksDB.open(options, dir.toString());
        } catch (RocksDBException e) {
            options.close();
            bloom.close();
            blockCache.close();
            throw new IOException("cannot open RocksDB in " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return "rocksdb";
    }

    @Override
    public void put(byte[] key, byte[] value) throws IOException {
        try {
            db.put(key, value);
        } catch (RocksDBException e) {
            throw new IOException(e);
        }
    }

    @Override
    public byte[] get(byte[] key) throws IOException {
        try {
            return db.get(key);
        } catch (RocksDBException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void settle() throws IOException {
        try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            db.flush(flush);
            db.compactRange();
        } catch (RocksDBException e) {
            throw new IOException(e);
        }
    }

    @Override
    public Scan scan() {
        RocksIterator it = db.newIterator();
        it.seekToFirst();
        return new Scan() {
            @Override
            public int next() {
                if (!it.isValid()) {
                    return -1;
                }
                int length = it.value().length;
                it.next();
                return length;
            }

            @Override
            public void close() {
                it.close();
            }
        };
    }

    @Override
    public void close() {
        db.close();
        options.close();
        bloom.close();
        blockCache.close();
    }

    /** The settings that matter for a reader of the numbers, printed with the results. */
    static String settings() {
        return "bloom filter " + (int) BLOOM_BITS_PER_KEY + " bits/key, mmap reads, " + (BLOCK_CACHE_BYTES >> 20)
                + " MiB block cache for index and filter blocks, no compression";
    }
}
