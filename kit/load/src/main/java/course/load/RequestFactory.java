package course.load;

import java.nio.charset.StandardCharsets;
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

    RequestFactory(LoadOptions options, KeySource keys, long seed) {
        this.workload = options.workload();
        this.putRatio = options.putRatio();
        this.keys = keys;
        this.querySuffix = options.ack() == null ? "" : "&ack=" + options.ack() + "&from=" + options.from();
        this.random = new SplittableRandom(seed);
        this.valueSize = options.valueSize();
        this.extraHeaders = String.join("", options.headers().stream().map(h -> h + "\r\n").toList());
        this.valueBlock = new byte[valueSize + VALUE_SLICES];
        for (int i = 0; i < valueBlock.length; i++) {
            valueBlock[i] = (byte) ('a' + random.nextInt(26));
        }
    }

    /** The next request to {@code target}, as bytes ready to write. */
    byte[] next(Target target) {
        String method = switch (workload) {
            case PUT -> "PUT";
            case GET -> "GET";
            case DELETE -> "DELETE";
            case MIXED -> random.nextDouble() < putRatio ? "PUT" : "GET";
        };
        String key = keys.format(keys.next(random));
        StringBuilder head = new StringBuilder(128)
                .append(method).append(" /v0/entity?id=").append(key).append(querySuffix).append(" HTTP/1.1\r\n")
                .append("Host: ").append(target.hostHeader()).append("\r\n").append(extraHeaders);
        if (!method.equals("PUT")) {
            return head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        }
        head.append("Content-Length: ").append(valueSize).append("\r\n\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] request = new byte[headBytes.length + valueSize];
        System.arraycopy(headBytes, 0, request, 0, headBytes.length);
        System.arraycopy(valueBlock, random.nextInt(VALUE_SLICES), request, headBytes.length, valueSize);
        return request;
    }
}
