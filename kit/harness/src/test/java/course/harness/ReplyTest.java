package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A failing assertion shows a text body as text: a grade once showed a 504's explanation as 0x6f6e6c79... */
class ReplyTest {
    @Test
    void aTextBodyEndingInANewlineIsShownAsText() {
        Reply r = new Reply(
                "GET http://localhost:1/v0/entity?id=k",
                504,
                "only 1 of ack=2 replicas answered (from=3)\n".getBytes(StandardCharsets.UTF_8),
                null);
        AssertionError e = assertThrows(AssertionError.class, () -> r.assertStatus(200));
        assertTrue(
                e.getMessage().contains("504 with a 43-byte body 'only 1 of ack=2 replicas answered (from=3)\\n'"),
                e.getMessage());
    }

    @Test
    void utf8TextIsTextAndBinaryIsHex() {
        assertEquals("'ключ \uD83D\uDE00'", Reply.preview("ключ \uD83D\uDE00".getBytes(StandardCharsets.UTF_8)));
        assertEquals("0x00ff41", Reply.preview(new byte[] {0, (byte) 0xff, 'A'}));
        assertEquals("0xc3", Reply.preview(new byte[] {(byte) 0xc3}), "half a UTF-8 sequence is not text");
    }

    @Test
    void aValueIs200WithItsBytesAndNoValueIs404() {
        Reply found = new Reply("GET k", 200, "v".getBytes(StandardCharsets.UTF_8), null);
        Reply absent = new Reply("GET k", 404, new byte[0], null);
        found.assertValue("v");
        absent.assertValue((String) null);
        assertThrows(AssertionError.class, () -> found.assertValue((byte[]) null), "200 where the model has no value");
        assertThrows(AssertionError.class, () -> absent.assertValue("v"), "404 where the model has a value");
        assertThrows(AssertionError.class, () -> found.assertValue("w"), "another value");
    }
}
