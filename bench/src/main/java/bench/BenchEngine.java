package bench;

import java.io.IOException;

/** The operations the storage benchmark measures, over one engine. */
interface BenchEngine extends AutoCloseable {
    String name();

    void put(byte[] key, byte[] value) throws IOException;

    /** Returns the value, or {@code null} when the key is absent. */
    byte[] get(byte[] key) throws IOException;

    /** Makes the fill durable on disk and merges it into as few files as the engine can (flush + compaction). */
    void settle() throws IOException;

    /** A cursor over all entries in key order; each {@link Scan#next()} returns the value length or -1 at the end. */
    Scan scan() throws IOException;

    interface Scan extends AutoCloseable {
        int next();

        @Override
        void close();
    }

    @Override
    void close() throws IOException;
}
