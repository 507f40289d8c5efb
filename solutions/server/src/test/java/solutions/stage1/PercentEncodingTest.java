package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The reference's percent-encoding on its own. {@code encode} builds the targets later stages send to other nodes,
 * so no stage-1 request reaches it; both directions are pinned here byte by byte.
 */
class PercentEncodingTest {
    @Test
    void encodesEveryByteButUnreservedAsciiAsTwoUpperCaseHexDigits() {
        assertEquals("azAZ09-._~", PercentEncoding.encode(bytes("azAZ09-._~")));
        assertEquals(
                "%40%5B%60%7B%2F%3A%20%2B%25%00%7F%80%FF",
                PercentEncoding.encode(
                        new byte[] {'@', '[', '`', '{', '/', ':', ' ', '+', '%', 0, 0x7F, (byte) 0x80, (byte) 0xFF}));
        assertEquals("", PercentEncoding.encode(new byte[0]));
    }

    @Test
    void everyByteSurvivesEncodeThenDecode() {
        byte[] all = new byte[256];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) i;
        }
        assertArrayEquals(all, PercentEncoding.decode(PercentEncoding.encode(all)));
    }

    @Test
    void decodesEscapesPlusAndTextAsTheirBytes() {
        assertArrayEquals(new byte[] {'A', 0x0A, (byte) 0xFF, ' ', 'b'}, PercentEncoding.decode("%41%0a%FF+b"));
        assertArrayEquals(new byte[] {0}, PercentEncoding.decode("%00"));
        // Characters beyond ASCII (only in targets built inside the node) are their UTF-8 bytes.
        assertArrayEquals("\u0080\u00e9".getBytes(StandardCharsets.UTF_8), PercentEncoding.decode("\u0080\u00e9"));
        assertArrayEquals(new byte[] {0x7F}, PercentEncoding.decode("\u007f"));
    }

    @Test
    void aMalformedEscapeIsAnIllegalArgumentSayingWhere() {
        for (String bad : new String[] {"abc%", "abc%4", "%ZZ", "%4G", "%G4"}) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> PercentEncoding.decode(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad.substring(bad.indexOf('%')) + "'"), e.getMessage());
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
