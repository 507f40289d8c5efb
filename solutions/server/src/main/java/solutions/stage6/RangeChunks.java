package solutions.stage6;

import course.contract.storage.Entry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import one.nio.net.Session;
import one.nio.net.Socket;

/**
 * The body of a range answer in chunked transfer encoding, one chunk {@code <key>\n<value>} per entry (the key with
 * its {@code %} and newline bytes escaped: {@link RangeKeys}), produced
 * while the socket drains: one-nio calls {@link #write} when the socket can take more, and it reads only as many
 * entries from storage as fit into one batch. Nothing but the current batch is in memory, so a range larger than
 * the heap streams in constant memory.
 */
final class RangeChunks extends Session.QueueItem {
    /** Entries are gathered into batches of about this size, so a small entry does not cost a system call. */
    private static final int BATCH_BYTES = 64 * 1024;
    /** How much one call writes at most, so one long stream does not hold a selector thread from other sessions. */
    private static final int MAX_BYTES_PER_CALL = 1 << 20;

    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] LAST_CHUNK = "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private final Iterator<Entry> entries;
    private byte[] batch = new byte[0];
    private int written;
    private boolean lastChunkQueued;
    private boolean done;

    /** @param entries live entries in key order, read lazily */
    RangeChunks(Iterator<Entry> entries) {
        this.entries = entries;
    }

    @Override
    public int remaining() {
        return done ? 0 : 1;
    }

    @Override
    public int write(Socket socket) throws IOException {
        int total = 0;
        while (!done && total < MAX_BYTES_PER_CALL) {
            if (written == batch.length && !nextBatch()) {
                done = true;
                break;
            }
            int n = socket.write(batch, written, batch.length - written);
            if (n <= 0) {
                break; // the socket's buffer is full: one-nio calls again when it drains
            }
            written += n;
            total += n;
        }
        return total;
    }

    /** Fills the next batch; false when the last chunk was already written. */
    private boolean nextBatch() {
        if (lastChunkQueued) {
            return false;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(BATCH_BYTES);
        while (out.size() < BATCH_BYTES && entries.hasNext()) {
            Entry e = entries.next();
            byte[] key = RangeKeys.escape(e.key());
            int length = key.length + 1 + e.value().length;
            out.writeBytes(Integer.toHexString(length).getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(CRLF);
            out.writeBytes(key);
            out.write('\n');
            out.writeBytes(e.value());
            out.writeBytes(CRLF);
        }
        if (!entries.hasNext()) {
            out.writeBytes(LAST_CHUNK);
            lastChunkQueued = true;
        }
        batch = out.toByteArray();
        written = 0;
        return true;
    }

    @Override
    public void release() {
        // Called when the body was written or the session closed: an iterator holding files lets them go.
        if (entries instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // the answer is over either way
            }
        }
    }
}
