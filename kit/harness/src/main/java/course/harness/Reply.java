package course.harness;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import org.opentest4j.AssertionFailedError;

/**
 * What a node answered to one request, with assertions whose failure message says what was sent, what came back
 * and what was expected.
 *
 * @param request what was sent, e.g. "PUT http://localhost:8080/v0/entity?id=k (5-byte body)"
 * @param status  the HTTP status, or 0 when no answer came ({@link #error} says why)
 * @param body    the response body (empty when none)
 * @param error   why no answer came (connection refused, timeout), or null
 */
// a body as received; compared with Arrays.equals where compared, never as a whole record.
@SuppressWarnings("ArrayRecordComponent")
public record Reply(String request, int status, byte[] body, String error) {
    public boolean answered() {
        return error == null;
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public Reply assertStatus(int expected) {
        if (status != expected) {
            fail("expected status " + expected, String.valueOf(expected), describeAnswer());
        }
        return this;
    }

    /** Status and exact bytes. */
    public Reply assertBody(int expectedStatus, byte[] expected) {
        assertStatus(expectedStatus);
        if (!Arrays.equals(body, expected)) {
            fail(
                    "expected a " + expected.length + "-byte body " + preview(expected) + firstDifference(expected),
                    preview(expected),
                    preview(body));
        }
        return this;
    }

    public Reply assertBody(int expectedStatus, String expected) {
        return assertBody(expectedStatus, expected.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * What a model of the key expects: 200 with exactly {@code expected}, or 404 where the model holds no value
     * ({@code null}: never written, or deleted).
     */
    public Reply assertValue(byte[] expected) {
        return expected == null ? assertStatus(404) : assertBody(200, expected);
    }

    /** {@link #assertValue(byte[])} for a text value. */
    public Reply assertValue(String expected) {
        return expected == null ? assertStatus(404) : assertBody(200, expected);
    }

    /** One of several acceptable statuses (e.g. 503 or 504 for an unreachable owner). */
    public Reply assertStatusIn(int... expected) {
        for (int e : expected) {
            if (status == e) {
                return this;
            }
        }
        fail("expected one of statuses " + Arrays.toString(expected), Arrays.toString(expected), describeAnswer());
        return this;
    }

    private String firstDifference(byte[] expected) {
        int n = Math.min(expected.length, body.length);
        for (int i = 0; i < n; i++) {
            if (expected[i] != body[i]) {
                return "; first difference at byte " + i + ": expected 0x"
                        + HexFormat.of().toHexDigits(expected[i]) + ", got 0x"
                        + HexFormat.of().toHexDigits(body[i]);
            }
        }
        return expected.length == body.length ? "" : "; lengths differ";
    }

    public String describeAnswer() {
        if (error != null) {
            return "no answer: " + error;
        }
        return status + " with a " + body.length + "-byte body " + preview(body);
    }

    private void fail(String expectation, String expected, String actual) {
        throw new AssertionFailedError(
                request + "\n  got:      " + describeAnswer() + "\n  expected: " + expectation, expected, actual);
    }

    /**
     * A body as a person reads it: text (valid UTF-8 without control bytes) in quotes, with up to 200 characters,
     * so an error's explanation such as "only 1 of ack=2 replicas answered" is read, not decoded from hex; anything
     * else as the hex of its first 48 bytes.
     */
    static String preview(byte[] bytes) {
        String text = asText(bytes);
        if (text != null) {
            int n = text.offsetByCodePoints(0, Math.min(200, text.codePointCount(0, text.length())));
            return "'"
                    + text.substring(0, n)
                            .replace("\n", "\\n")
                            .replace("\r", "\\r")
                            .replace("\t", "\\t") + "'" + (n < text.length() ? "..." : "");
        }
        int n = Math.min(bytes.length, 48);
        return "0x" + HexFormat.of().formatHex(bytes, 0, n) + (bytes.length > n ? "..." : "");
    }

    /** The bytes as text, or null when they are not valid UTF-8 or hold control bytes other than line breaks and tabs. */
    private static String asText(byte[] bytes) {
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        boolean control = text.codePoints()
                .anyMatch(c -> (c < 0x20 && c != '\n' && c != '\r' && c != '\t') || (c >= 0x7f && c < 0xa0));
        return control ? null : text;
    }
}
