package solutions.stage1;

import one.nio.http.HttpException;
import one.nio.http.Request;

/**
 * How the session reads a request off the wire: the request line, where the body ends, how large a body may be, and
 * whether {@code Expect: 100-continue} is answered. The reference is strict ({@link RequestLine}, {@link BodyFraming}):
 * one-nio's own parser frames a body only by Content-Length and takes any target, which lost values and misread the
 * next request. A session part, so that a variant changes one decision and keeps the rest of the session.
 */
public class Framing {
    /** Values of several MiB travel in the course protocol; one-nio's default limit is 64 KiB. */
    public static final int MAX_BODY_BYTES = 16 << 20;

    /** The request line, strictly: 400 for a malformed target, 501 for an unknown method. */
    public Request requestLine(byte[] buffer, int start, int length) throws HttpException {
        return RequestLine.parse(buffer, start, length);
    }

    /** How the body of a request whose headers are all read is delimited; a {@link Refusal} when that is unclear. */
    public BodyFraming bodyOf(Request request) throws Refusal {
        return BodyFraming.of(request);
    }

    /**
     * The answer to a line longer than the session keeps between reads ({@code keptBytes}): 414 for the request line,
     * 431 for a header line (one-nio answers both 400 "Line too long").
     */
    public Refusal lineTooLong(boolean requestLine, int keptBytes) {
        return requestLine
                ? new Refusal("414 URI Too Long", "the request line is longer than " + keptBytes + " bytes")
                : new Refusal(
                        "431 Request Header Fields Too Large", "a header line is longer than " + keptBytes + " bytes");
    }

    /**
     * The Host header rule (RFC 9112 3.2), checked once the headers are read: 400 for an HTTP/1.1 request without
     * one, or any request with two.
     */
    public void checkHost(Request request) throws Refusal {
        HostHeader.check(request);
    }

    /** The largest body accepted; a larger one is refused with 413 and never read into memory. */
    public int maxBodyBytes(BodyFraming framing) {
        return MAX_BODY_BYTES;
    }

    /**
     * How much of a body refused as too large is read and dropped after its 413, while the client goes on sending it,
     * before the connection closes: closed at once, the node's kernel resets a connection the client still writes to,
     * and the client never reads the 413 (RFC 9112 9.6). Bounded, so that a client cannot keep the node reading.
     */
    public long maxLingerBytes() {
        return 4L * MAX_BODY_BYTES;
    }

    /** The decoder of a chunked body (package-private: a variant of the course replaces it from this package). */
    ChunkedBodyDecoder chunkedBody(int maxBodyBytes, ChunkedBodyDecoder.Reservations reservations) {
        return new ChunkedBodyDecoder(maxBodyBytes, reservations);
    }

    /**
     * Whether {@code Expect: 100-continue} (RFC 9110 10.1.1) is answered when the client waits for it before sending
     * the body: curl does for uploads and otherwise waits a second.
     */
    public boolean answersExpectContinue() {
        return true;
    }
}
