package course.load;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;
import java.util.SplittableRandom;

/**
 * Builds the bytes of each request of the students' protocol: {@code GET|PUT|DELETE /v0/entity?id=<key>} with
 * {@code &ack=A&from=F} when asked. One per worker thread: it owns that thread's seeded random source.
 */
final class RequestFactory {
    /** Value bytes are slices of one random block, so PUTs differ without generating bytes per request. */
    private static final int VALUE_SLICES = 256;

    private final WorkloadKind workload;
    private final double putRatio;
    private final KeySource keys;
    private final String querySuffix;
    private final SplittableRandom random;
    private final byte[] valueBlock;
    private final int valueSize;
    private final String extraHeaders;
    /** Per target, the bytes after the key: the query suffix, the protocol, Host and the extra headers. */
    private final IdentityHashMap<Target, byte[]> tails = new IdentityHashMap<>();

    private final byte[] contentLength;
    /** The request being built; reused, so a request costs no allocation (the generator's CPU is the server's). */
    private ByteBuffer out = ByteBuffer.allocateDirect(1024);

    RequestFactory(LoadOptions options, KeySource keys, long seed) {
        this.workload = options.workload();
        this.putRatio = options.putRatio();
        this.keys = keys;
        this.querySuffix = options.ack() == null ? "" : "&ack=" + options.ack() + "&from=" + options.from();
        this.random = new SplittableRandom(seed);
        this.valueSize = options.valueSize();
        this.extraHeaders =
                String.join("", options.headers().stream().map(h -> h + "\r\n").toList());
        this.valueBlock = new byte[valueSize + VALUE_SLICES];
        for (int i = 0; i < valueBlock.length; i++) {
            valueBlock[i] = (byte) ('a' + random.nextInt(26));
        }
        this.contentLength = ("Content-Length: " + valueSize + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    private static final byte[] GET = "GET /v0/entity?id=".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] PUT = "PUT /v0/entity?id=".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] DELETE = "DELETE /v0/entity?id=".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] CRLF = {'\r', '\n'};

    /**
     * The next request to {@code target}, ready to write: the same bytes as {@link #next(Target)}, written into a
     * buffer this factory reuses, so it is valid until the next call.
     */
    // method is one of the constants GET, PUT, DELETE: identity is the test.
    @SuppressWarnings("ReferenceEquality")
    ByteBuffer nextInPlace(Target target) {
        byte[] method = switch (workload) {
            case PUT -> PUT;
            case GET -> GET;
            case DELETE -> DELETE;
            case MIXED -> random.nextDouble() < putRatio ? PUT : GET;
        };
        byte[] tail = tails.computeIfAbsent(
                target,
                t -> (querySuffix + " HTTP/1.1\r\nHost: " + t.hostHeader() + "\r\n" + extraHeaders)
                        .getBytes(StandardCharsets.ISO_8859_1));
        long key = keys.next(random);
        boolean put = method == PUT;
        int size = method.length + 21 + tail.length + (put ? contentLength.length + valueSize : CRLF.length);
        if (out.capacity() < size) {
            out = ByteBuffer.allocateDirect(size);
        }
        out.clear();
        out.put(method);
        keys.formatInto(key, out);
        out.put(tail);
        if (put) {
            out.put(contentLength).put(valueBlock, random.nextInt(VALUE_SLICES), valueSize);
        } else {
            out.put(CRLF);
        }
        return out.flip();
    }

    /** The next request to {@code target}, as bytes of its own. */
    byte[] next(Target target) {
        ByteBuffer request = nextInPlace(target);
        byte[] bytes = new byte[request.remaining()];
        request.get(bytes);
        return bytes;
    }
}
