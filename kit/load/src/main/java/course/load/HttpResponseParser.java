package course.load;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An incremental HTTP/1.1 response parser: fed whatever bytes a non-blocking read returned, it says when one whole
 * response (status line, headers, and a body framed by Content-Length or chunked encoding) has arrived. Bodies are
 * skipped, not kept: the generator only needs the status and the framing.
 */
final class HttpResponseParser {
    /** Thrown for bytes that are not an HTTP/1.x response; the generator counts it as a read error, like wrk. */
    static final class MalformedResponseException extends Exception {
        MalformedResponseException(String message) {
            super(message);
        }
    }

    private enum State {
        STATUS_LINE,
        HEADERS,
        BODY,
        CHUNK_SIZE,
        CHUNK_DATA,
        CHUNK_DATA_END,
        TRAILERS,
        UNTIL_CLOSE,
        DONE
    }

    private static final int MAX_LINE = 8192;

    private final byte[] line = new byte[MAX_LINE];
    private int lineLength;
    private State state = State.STATUS_LINE;
    private int status;
    private long contentLength;
    private boolean chunked;
    private boolean closeAfter;
    private long remaining;

    void reset() {
        state = State.STATUS_LINE;
        lineLength = 0;
        status = 0;
        contentLength = -1;
        chunked = false;
        closeAfter = false;
        remaining = 0;
    }

    HttpResponseParser() {
        reset();
    }

    int status() {
        return status;
    }

    /** Whether the server asked to close the connection after this response (or framed the body by closing). */
    boolean closeAfter() {
        return closeAfter;
    }

    boolean isDone() {
        return state == State.DONE;
    }

    /** Whether a response that is read until the connection closes ends cleanly at end-of-stream. */
    boolean completesOnClose() {
        return state == State.UNTIL_CLOSE;
    }

    void finishOnClose() {
        if (state == State.UNTIL_CLOSE) {
            state = State.DONE;
        }
    }

    /** Consumes bytes from {@code in}; returns true once a whole response has been read (stops there). */
    boolean feed(ByteBuffer in) throws MalformedResponseException {
        while (in.hasRemaining() && state != State.DONE) {
            switch (state) {
                case STATUS_LINE, HEADERS, CHUNK_SIZE, CHUNK_DATA_END, TRAILERS -> {
                    if (readLine(in)) {
                        onLine();
                    }
                }
                case BODY, CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, in.remaining());
                    in.position(in.position() + n);
                    remaining -= n;
                    if (remaining == 0) {
                        state = state == State.BODY ? State.DONE : State.CHUNK_DATA_END;
                    }
                }
                case UNTIL_CLOSE -> in.position(in.limit());
                default -> throw new IllegalStateException(state.name());
            }
        }
        return state == State.DONE;
    }

    private boolean readLine(ByteBuffer in) throws MalformedResponseException {
        while (in.hasRemaining()) {
            byte b = in.get();
            if (b == '\n') {
                if (lineLength > 0 && line[lineLength - 1] == '\r') {
                    lineLength--;
                }
                return true;
            }
            if (lineLength == MAX_LINE) {
                throw new MalformedResponseException("a response line longer than " + MAX_LINE + " bytes");
            }
            line[lineLength++] = b;
        }
        return false;
    }

    // Lines are read in place, as bytes: a String per header line was a visible share of the generator's CPU per
    // request (the generator must cost the server's CPU no more than wrk2 does). Strings are made only for messages.
    private void onLine() throws MalformedResponseException {
        int n = lineLength;
        lineLength = 0;
        switch (state) {
            case STATUS_LINE -> parseStatusLine(n);
            case HEADERS -> {
                if (n == 0) {
                    endOfHeaders();
                } else {
                    parseHeader(n);
                }
            }
            case CHUNK_SIZE -> {
                remaining = chunkSize(n);
                state = remaining == 0 ? State.TRAILERS : State.CHUNK_DATA;
            }
            case CHUNK_DATA_END -> {
                if (n != 0) {
                    throw new MalformedResponseException("chunk data longer than its declared size");
                }
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> {
                if (n == 0) {
                    state = State.DONE;
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private static final byte[] HTTP_1 = "HTTP/1.".getBytes(StandardCharsets.US_ASCII);

    private void parseStatusLine(int n) throws MalformedResponseException {
        // "HTTP/1.1 200 OK"; the reason phrase may be missing.
        if (n < 12 || !startsWith(HTTP_1, n) || line[8] != ' ') {
            throw new MalformedResponseException("not an HTTP/1.x status line: '" + abbreviate(text(0, n)) + "'");
        }
        int code = 0;
        for (int i = 9; i < 12; i++) {
            int digit = line[i] - '0';
            if (digit < 0 || digit > 9) {
                throw new MalformedResponseException("bad status code in '" + abbreviate(text(0, n)) + "'");
            }
            code = code * 10 + digit;
        }
        status = code;
        closeAfter = line[7] == '0';
        state = State.HEADERS;
    }

    private static final byte[] CONTENT_LENGTH = lower("Content-Length");
    private static final byte[] TRANSFER_ENCODING = lower("Transfer-Encoding");
    private static final byte[] CONNECTION = lower("Connection");
    private static final byte[] CHUNKED = lower("chunked");
    private static final byte[] CLOSE = lower("close");
    private static final byte[] KEEP_ALIVE = lower("keep-alive");

    private void parseHeader(int n) throws MalformedResponseException {
        int colon = indexOf((byte) ':', 0, n);
        if (colon <= 0) {
            throw new MalformedResponseException("bad header line '" + abbreviate(text(0, n)) + "'");
        }
        int nameStart = trimStart(0, colon);
        int nameEnd = trimEnd(nameStart, colon);
        int valueStart = trimStart(colon + 1, n);
        int valueEnd = trimEnd(valueStart, n);
        if (equalsIgnoreCase(CONTENT_LENGTH, nameStart, nameEnd)) {
            contentLength = decimal(valueStart, valueEnd);
        } else if (equalsIgnoreCase(TRANSFER_ENCODING, nameStart, nameEnd)) {
            chunked = containsIgnoreCase(CHUNKED, valueStart, valueEnd);
        } else if (equalsIgnoreCase(CONNECTION, nameStart, nameEnd)) {
            if (containsIgnoreCase(CLOSE, valueStart, valueEnd)) {
                closeAfter = true;
            } else if (containsIgnoreCase(KEEP_ALIVE, valueStart, valueEnd)) {
                closeAfter = false;
            }
        }
    }

    private long decimal(int from, int to) throws MalformedResponseException {
        long value = 0;
        // 18 digits cannot overflow a long
        if (from == to || to - from > 18) {
            throw new MalformedResponseException("bad Content-Length '" + text(from, to) + "'");
        }
        for (int i = from; i < to; i++) {
            int digit = line[i] - '0';
            if (digit < 0 || digit > 9) {
                throw new MalformedResponseException("bad Content-Length '" + text(from, to) + "'");
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private long chunkSize(int n) throws MalformedResponseException {
        int semicolon = indexOf((byte) ';', 0, n);
        int from = trimStart(0, semicolon < 0 ? n : semicolon);
        int to = trimEnd(from, semicolon < 0 ? n : semicolon);
        // 15 hex digits cannot overflow a long
        if (from == to || to - from > 15) {
            throw new MalformedResponseException("bad chunk size '" + text(0, n) + "'");
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            int digit = Character.digit(line[i], 16);
            if (digit < 0) {
                throw new MalformedResponseException("bad chunk size '" + text(0, n) + "'");
            }
            value = value * 16 + digit;
        }
        return value;
    }

    private boolean startsWith(byte[] prefix, int n) {
        if (n < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (line[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private int indexOf(byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (line[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private int trimStart(int from, int to) {
        while (from < to && (line[from] == ' ' || line[from] == '\t')) {
            from++;
        }
        return from;
    }

    private int trimEnd(int from, int to) {
        while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\t')) {
            to--;
        }
        return to;
    }

    /** Whether line[from, to) is {@code lowerCase} in any case (ASCII). */
    private boolean equalsIgnoreCase(byte[] lowerCase, int from, int to) {
        if (to - from != lowerCase.length) {
            return false;
        }
        for (int i = 0; i < lowerCase.length; i++) {
            if (toLower(line[from + i]) != lowerCase[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean containsIgnoreCase(byte[] lowerCase, int from, int to) {
        for (int start = from; start + lowerCase.length <= to; start++) {
            if (equalsIgnoreCase(lowerCase, start, start + lowerCase.length)) {
                return true;
            }
        }
        return false;
    }

    private static byte toLower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + ('a' - 'A')) : b;
    }

    private static byte[] lower(String s) {
        return s.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
    }

    private String text(int from, int to) {
        return new String(line, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private void endOfHeaders() {
        boolean noBody = status / 100 == 1 || status == 204 || status == 304;
        if (noBody) {
            state = State.DONE;
        } else if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (contentLength >= 0) {
            remaining = contentLength;
            state = remaining == 0 ? State.DONE : State.BODY;
        } else {
            closeAfter = true;
            state = State.UNTIL_CLOSE;
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 60) + "...";
    }
}
