package solutions.stage6;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A key in a range chunk: % as %25 and a newline byte as %0A, every other byte (0xFF, CR, space) as it is. */
class RangeKeysTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void percentAndNewlineAreEscapedAndNothingElse() {
        assertArrayEquals(bytes("a%25b%0Ac"), RangeKeys.escape(bytes("a%b\nc")));
        assertArrayEquals(bytes("%25%25"), RangeKeys.escape(bytes("%%")));
        assertArrayEquals(bytes("%0A"), RangeKeys.escape(bytes("\n")));
        assertArrayEquals(bytes("\r \u00ff\t"), RangeKeys.escape(bytes("\r \u00ff\t")));
        assertArrayEquals(new byte[0], RangeKeys.escape(new byte[0]));
    }
}
