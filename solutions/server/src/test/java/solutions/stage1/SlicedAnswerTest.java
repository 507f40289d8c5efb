package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;

/** A part of an array as an answer's body: the same bytes on the wire as a whole-array answer with that body. */
class SlicedAnswerTest {
    private static final byte[] ARRAY = "headerVALUEtrailer".getBytes(StandardCharsets.US_ASCII);

    @Test
    void itIsWrittenAsTheAnswerWithThePartAsItsBody() {
        byte[] part = Arrays.copyOfRange(ARRAY, 6, 11);
        SlicedAnswer sliced = new SlicedAnswer(Response.OK, ARRAY, 6, 5);
        Response whole = new Response(Response.OK, part);
        assertArrayEquals(whole.toBytes(true), sliced.toBytes(true));
        assertArrayEquals(whole.toBytes(false), sliced.toBytes(false));
        assertArrayEquals(part, sliced.getBody());
        assertEquals("5", sliced.getHeader("Content-Length: "));
    }

    @Test
    void aPartOutsideTheArrayIsRefused() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new SlicedAnswer(Response.OK, ARRAY, 10, 9));
        assertEquals("no bytes [10, 19) in an array of 18", e.getMessage());
    }
}
