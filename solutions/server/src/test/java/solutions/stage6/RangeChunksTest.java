package solutions.stage6;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.storage.Entry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import one.nio.net.Socket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A range's chunked body as one-nio writes it: through a real socket, call after call as the socket drains, the
 * bytes each call reports are the bytes the reader gets, every entry once as {@code <hex length>CRLF<key>\n<value>CRLF},
 * then one last chunk; a socket whose reader stops makes a call return, not spin; and the entries are closed once the
 * answer is over.
 */
class RangeChunksTest {
    private static final int BATCH = 64 * 1024;

    /** Entries whose chunks, with their headers, fill batches of exactly 64 KiB, and one entry more. */
    private static List<Entry> entries(int count, int valueBytes) {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] value = new byte[valueBytes];
            Arrays.fill(value, (byte) ('a' + i % 26));
            entries.add(new Entry(String.format("k%05d", i).getBytes(StandardCharsets.UTF_8), value));
        }
        return entries;
    }

    /** The body a reader must get for these entries, written here independently of the code under test. */
    private static byte[] expectedBody(List<Entry> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Entry e : entries) {
            byte[] key = RangeKeys.escape(e.key());
            out.writeBytes((Integer.toHexString(key.length + 1 + e.value().length) + "\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(key);
            out.write('\n');
            out.writeBytes(e.value());
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyEntryArrivesOnceInItsChunkThenTheLastChunk() throws Exception {
        // Chunk of 16 KiB - 3 bytes of value + key + headers: the batches end on and around 64 KiB.
        for (int valueBytes : new int[] {1, 16_371, 16_372, 16_373, 70_000}) {
            List<Entry> entries = entries(9, valueBytes);
            byte[] expected = expectedBody(entries);
            byte[] got = streamed(new RangeChunks(entries.iterator()));
            assertEquals(expected.length, got.length, "values of " + valueBytes + " bytes: the body's length");
            assertArrayEquals(expected, got, "values of " + valueBytes + " bytes");
        }
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anEmptyRangeIsTheLastChunkAlone() throws Exception {
        assertArrayEquals(
                "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                streamed(new RangeChunks(List.<Entry>of().iterator())));
    }

    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aCallReturnsWhenTheReaderStopsReading() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Socket socket = Socket.connectInet(InetAddress.getLoopbackAddress(), server.getLocalPort());
            try (java.net.Socket reader = server.accept()) {
                socket.setBlocking(false);
                RangeChunks chunks = new RangeChunks(entries(200, 60_000).iterator());
                // The reader reads nothing: the kernel's buffers fill, and each call must give the selector back,
                // at most 1 MiB (and the batch it was in) later; once they are full, a call writes nothing.
                int calls = 0;
                int written;
                do {
                    written = chunks.write(socket);
                    assertTrue(written <= (1 << 20) + BATCH, "wrote " + written + " bytes in one call");
                    calls++;
                } while (written > 0 && calls < 1000);
                assertEquals(0, written, "the socket's buffers never filled in " + calls + " calls");
                assertEquals(1, chunks.remaining(), "the range is not over");
                assertTrue(reader.isConnected());
            } finally {
                socket.close();
            }
        }
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void theEntriesAreClosedWhenTheAnswerIsOver() throws Exception {
        AtomicBoolean closed = new AtomicBoolean();
        class ClosingEntries implements Iterator<Entry>, AutoCloseable {
            private final Iterator<Entry> inner = entries(3, 10).iterator();

            @Override
            public boolean hasNext() {
                return inner.hasNext();
            }

            @Override
            public Entry next() {
                return inner.next();
            }

            @Override
            public void close() {
                closed.set(true);
            }
        }
        RangeChunks chunks = new RangeChunks(new ClosingEntries());
        streamed(chunks);
        chunks.release();
        assertTrue(closed.get(), "release() must close the entries (an iterator over tables holds their files)");
    }

    /** Everything {@code chunks} writes through a real socket, as one-nio calls it: again until nothing remains. */
    private static byte[] streamed(RangeChunks chunks) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Socket socket = Socket.connectInet(InetAddress.getLoopbackAddress(), server.getLocalPort());
            try (java.net.Socket reader = server.accept()) {
                CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> readAll(reader));
                long reported = 0;
                while (chunks.remaining() > 0) {
                    reported += chunks.write(socket);
                }
                socket.close();
                byte[] got = read.get(30, TimeUnit.SECONDS);
                assertEquals(got.length, reported, "the bytes write() reported are the bytes the reader got");
                return got;
            } finally {
                socket.close();
            }
        }
    }

    private static byte[] readAll(java.net.Socket reader) {
        try (InputStream in = reader.getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
