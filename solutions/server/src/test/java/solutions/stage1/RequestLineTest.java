package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import one.nio.http.Request;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;

/** The reference's request-line parser: what it accepts at its edges and what its refusals say. */
class RequestLineTest {
    private static Request parse(String line) throws Refusal {
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        return RequestLine.parse(bytes, 0, bytes.length);
    }

    private static String refusal(String line) {
        Refusal r = assertThrows(Refusal.class, () -> parse(line), line);
        return r.status() + " " + r.getMessage();
    }

    @Test
    void acceptsTheShortestLinesAndBothVersions() throws Refusal {
        Request r = parse("GET / HTTP/1.0");
        assertEquals(Request.METHOD_GET, r.getMethod());
        assertEquals("/", r.getURI());
        assertTrue(!r.isHttp11());
        assertEquals(Request.METHOD_DELETE, parse("DELETE /a%41~z HTTP/1.1").getMethod());
    }

    @Test
    void aLaterMinorVersionIsHttp11AnotherMajorIs505AndAnythingElse400() throws Refusal {
        assertTrue(parse("GET / HTTP/1.2").isHttp11());
        assertTrue(parse("GET / HTTP/1.9").isHttp11());
        for (String version : new String[] {"HTTP/2.0", "HTTP/3", "HTTP/0.9", "HTTP/2"}) {
            assertTrue(refusal("GET / " + version).startsWith("505 HTTP Version Not Supported"), version);
        }
        for (String version : new String[] {"HTTP/1", "HTTP/1.10", "http/1.1", "HTTP/1.x", "HTTP/", "HTTP/1.1 "}) {
            assertTrue(
                    refusal("GET / " + version).startsWith(Response.BAD_REQUEST + " malformed protocol version"),
                    version + ": " + refusal("GET / " + version));
        }
    }

    @Test
    void aLineWithoutTwoSpacesOrStartingWithOneIsMalformed() {
        for (String line : new String[] {"GET/ HTTP/1.1", " / HTTP/1.1", "GET /"}) {
            assertTrue(refusal(line).startsWith(Response.BAD_REQUEST + " malformed request line"), line);
        }
    }

    @Test
    void eachRefusalSaysWhatIsWrongWithControlAndNonAsciiBytesShownAsHex() {
        assertTrue(refusal("get / HTTP/1.1").startsWith("501 Not Implemented method 'get'"));
        String[][] linesAndWhatTheirRefusalSays = {
            {"GET / HTTP/2", "unsupported protocol 'HTTP/2'"},
            {"GET x HTTP/1.1", "must start with '/'"},
            {"GET /a%4 HTTP/1.1", "malformed percent-encoding at '%4'"},
            {"GET /a%4G HTTP/1.1", "at '%4G'"},
            {"GET /a#b HTTP/1.1", "contains '#' at position 2"},
            {"GET /a\u007fb HTTP/1.1", "contains byte 0x7F at position 2"},
            {"GET /a\u001fb HTTP/1.1", "contains byte 0x1F at position 2"},
            {"GET /a\u00e9 HTTP/1.1", "contains byte 0xE9"},
            {"GET /a\"b HTTP/1.1", "contains '\"'"},
            {"GET\u0001 / HTTP/1.1", "method 'GET\\x01'"},
            {"GET\u007f / HTTP/1.1", "method 'GET\\x7F'"},
            {"GE~ / HTTP/1.1", "method 'GE~'"}, // ~ (0x7E) is printable
            {"GET/ HTTP/1.1", "'GET/ HTTP/1.1'"}, // a space is printable
        };
        for (String[] lineAndSaid : linesAndWhatTheirRefusalSays) {
            String message = refusal(lineAndSaid[0]);
            assertTrue(message.contains(lineAndSaid[1]), lineAndSaid[0] + ": " + message);
        }
    }

    @Test
    void aLongLineIsCutAt200CharactersInTheMessage() {
        String method = "X".repeat(300);
        String message = refusal(method + " / HTTP/1.1");
        assertTrue(message.contains("'" + "X".repeat(200) + "...'"), message);
        assertTrue(refusal("X".repeat(200) + " / HTTP/1.1").contains("'" + "X".repeat(200) + "'"));
    }

    @Test
    void theLastTargetCharacterIsChecked() {
        assertTrue(refusal("GET /ab# HTTP/1.1").contains("at position 3"));
        assertNull(RequestLine.targetProblem("/a%20"));
        assertTrue(RequestLine.targetProblem("/a%2").contains("'%2'"));
    }

    @Test
    void everyUnreservedAndSubDelimiterCharacterIsAllowedAsIs() {
        // each end of each range, so that a bound one off refuses a character the statement allows
        assertNull(RequestLine.targetProblem("/aAzZ09-._~!$&'()*+,;=:@/?"));
        assertTrue(RequestLine.targetProblem("/a`").contains("at position 2"));
        assertTrue(RequestLine.targetProblem("/a[").contains("at position 2"));
    }

    @Test
    void aZeroHexDigitIsAHexDigitOnEitherSide() {
        assertNull(RequestLine.targetProblem("/a%0A"));
        assertNull(RequestLine.targetProblem("/a%00"));
    }
}
