package course.load;

import java.nio.ByteBuffer;

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

    private enum State { STATUS_LINE, HEADERS, BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_DATA_END, TRAILERS, UNTIL_CLOSE, DONE }

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

    private void onLine() throws MalformedResponseException {
        String text = new String(line, 0, lineLength, java.nio.charset.StandardCharsets.ISO_8859_1);
        lineLength = 0;
        switch (state) {
            case STATUS_LINE -> parseStatusLine(text);
            case HEADERS -> {
                if (text.isEmpty()) {
                    endOfHeaders();
                } else {
                    parseHeader(text);
                }
            }
            case CHUNK_SIZE -> {
                int semicolon = text.indexOf(';');
                String hex = (semicolon >= 0 ? text.substring(0, semicolon) : text).trim();
                try {
                    remaining = Long.parseLong(hex, 16);
                } catch (NumberFormatException e) {
                    throw new MalformedResponseException("bad chunk size '" + text + "'");
                }
                state = remaining == 0 ? State.TRAILERS : State.CHUNK_DATA;
            }
            case CHUNK_DATA_END -> {
                if (!text.isEmpty()) {
                    throw new MalformedResponseException("chunk data longer than its declared size");
                }
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> {
                if (text.isEmpty()) {
                    state = State.DONE;
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void parseStatusLine(String text) throws MalformedResponseException {
        // "HTTP/1.1 200 OK"; the reason phrase may be missing.
        if (!text.startsWith("HTTP/1.") || text.length() < 12 || text.charAt(8) != ' ') {
            throw new MalformedResponseException("not an HTTP/1.x status line: '" + abbreviate(text) + "'");
        }
        try {
            status = Integer.parseInt(text.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new MalformedResponseException("bad status code in '" + abbreviate(text) + "'");
        }
        closeAfter = text.startsWith("HTTP/1.0");
        state = State.HEADERS;
    }

    private void parseHeader(String text) throws MalformedResponseException {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new MalformedResponseException("bad header line '" + abbreviate(text) + "'");
        }
        String name = text.substring(0, colon).trim();
        String value = text.substring(colon + 1).trim();
        if (name.equalsIgnoreCase("Content-Length")) {
            try {
                contentLength = Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new MalformedResponseException("bad Content-Length '" + value + "'");
            }
        } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
            chunked = value.toLowerCase(java.util.Locale.ROOT).contains("chunked");
        } else if (name.equalsIgnoreCase("Connection")) {
            String v = value.toLowerCase(java.util.Locale.ROOT);
            if (v.contains("close")) {
                closeAfter = true;
            } else if (v.contains("keep-alive")) {
                closeAfter = false;
            }
        }
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
