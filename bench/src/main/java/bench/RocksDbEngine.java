package bench;

import org.rocksdb.CompressionType;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

import java.io.IOException;
import java.nio.file.Path;

/**
 * RocksDB as the baseline, configured like the reference where they share a knob (memtable size, a WAL that is
 * written but not fsynced, no compression) and otherwise left at its defaults (block cache, bloom-less tables).
 */
final class RocksDbEngine implements BenchEngine {
    static {
        RocksDB.loadLibrary();
    }

    private final Options options;
    private final RocksDB db;

    RocksDbEngine(Path dir, long writeBufferBytes) throws IOException {
        options = new Options().setCreateIfMissing(true).setWriteBufferSize(writeBufferBytes)
                .setCompressionType(CompressionType.NO_COMPRESSION);
        try {
            db = RocksDB.open(options, dir.toString());
        } catch (RocksDBException e) {
            options.close();
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
    }
}
