package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import one.nio.http.Request;
import org.junit.jupiter.api.Test;

/** How the reference frames a body from the headers, and reads a query, at the edges the node tests do not reach. */
class BodyFramingTest {
    private static BodyFraming framing(String... headers) throws Refusal {
        Request r = new Request(Request.METHOD_PUT, "/v0/entity?id=k", true);
        for (String h : headers) {
            r.addHeader(h);
        }
        return BodyFraming.of(r);
    }

    @Test
    void aContentLengthOfZeroIsNoBodyAndOneIs() throws Refusal {
        assertFalse(framing("Content-Length: 0").hasBody());
        assertFalse(framing("Content-Length: 000").hasBody(), "leading zeros are dropped: 000 is 0");
        assertTrue(framing("Content-Length: 1").hasBody());
        assertEquals("10", framing("Content-Length: 010").contentLength());
        assertTrue(framing("Transfer-Encoding: chunked").hasBody());
        assertFalse(framing("Host: x").hasBody());
    }

    @Test
    void aHeaderNeedsANameBeforeItsColon() {
        assertThrows(Refusal.class, () -> framing(": value"));
        assertThrows(Refusal.class, () -> framing("X :value"));
        assertThrows(Refusal.class, () -> framing("X\t:value"));
    }

    @Test
    void lengthsOfTenDigitsAreReadAndElevenAreNot() throws Refusal {
        assertEquals("2147483647", framing("Content-Length: 2147483647").contentLength());
        Refusal tooLarge = assertThrows(Refusal.class, () -> framing("Content-Length: 2147483648"));
        assertTrue(tooLarge.status().startsWith("413"), tooLarge.status());
        assertTrue(assertThrows(Refusal.class, () -> framing("Content-Length: 10000000000"))
                .status()
                .startsWith("400"));
        assertEquals("5", framing("Content-Length: 5, 05").contentLength(), "a list of equal values is one");
    }

    @Test
    void theQueryKeepsTheFirstValueOfANameAndSkipsEmptyPairs() {
        Query q = Query.of("/v0/entity?&id=a&flag&id=b&=x&&ack=2");
        assertArrayEquals(new byte[] {'a'}, q.bytes("id"));
        assertArrayEquals(new byte[0], q.bytes("flag"));
        assertEquals("2", q.get("ack"));
        assertArrayEquals(new byte[] {'x'}, q.bytes(""));
        assertNull(q.get("from"));
        assertNull(Query.of("/v0/entity").bytes("id"));
        assertArrayEquals(new byte[] {'v'}, Query.of("?id=v").bytes("id"));
    }

    @Test
    void aContentLengthThatIsNotDecimalDigitsIsRefusedSayingSo() {
        for (String value : new String[] {"1x", "-1", "+5", "0x10", "1 2", "5, x"}) {
            Refusal r = assertThrows(Refusal.class, () -> framing("Content-Length: " + value), value);
            assertTrue(r.status().startsWith("400"), value + ": " + r.status());
            assertTrue(r.getMessage().contains("must be a decimal number of bytes"), value + ": " + r.getMessage());
        }
    }
}
