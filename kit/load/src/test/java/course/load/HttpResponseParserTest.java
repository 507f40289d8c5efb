package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpResponseParserTest {
    private static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void contentLengthBodySplitAcrossReads() throws Exception {
        HttpResponseParser p = new HttpResponseParser();
        assertFalse(p.feed(bytes("HTTP/1.1 201 Created\r\nContent-Le")));
        assertFalse(p.feed(bytes("ngth: 5\r\n\r\nab")));
        assertTrue(p.feed(bytes("cde")));
        assertEquals(201, p.status());
        assertFalse(p.closeAfter());
    }

    @Test
    void chunkedBodyWithTrailers() throws Exception {
        HttpResponseParser p = new HttpResponseParser();
        ByteBuffer in = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3\r\nabc\r\nA;ext=1\r\n0123456789\r\n0\r\nX-Trailer: y\r\n\r\nNEXT");
        assertTrue(p.feed(in));
        assertEquals(200, p.status());
        assertEquals(4, in.remaining(), "stops at the end of the response");
    }

    @Test
    void noBodyStatusesAndConnectionClose() throws Exception {
        HttpResponseParser p = new HttpResponseParser();
        assertTrue(p.feed(bytes("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")));
        assertTrue(p.closeAfter());
        p.reset();
        assertTrue(p.feed(bytes("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")));
        assertEquals(404, p.status());
    }

    @Test
    void bodyUntilCloseWhenThereIsNoLength() throws Exception {
        HttpResponseParser p = new HttpResponseParser();
        assertFalse(p.feed(bytes("HTTP/1.0 200 OK\r\n\r\nsome body")));
        assertTrue(p.completesOnClose());
        p.finishOnClose();
        assertTrue(p.isDone());
    }

    @Test
    void garbageIsMalformed() {
        HttpResponseParser p = new HttpResponseParser();
        assertThrows(HttpResponseParser.MalformedResponseException.class, () -> p.feed(bytes("SSH-2.0-OpenSSH\r\n")));
        HttpResponseParser q = new HttpResponseParser();
        assertThrows(
                HttpResponseParser.MalformedResponseException.class,
                () -> q.feed(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")));
    }

    @Test
    void headerNamesInAnyCaseAndValuesWithBlanksAroundThem() throws Exception {
        HttpResponseParser p = new HttpResponseParser();
        ByteBuffer in = bytes("HTTP/1.1 200 OK\r\ncontent-LENGTH:\t 3 \r\nCONNECTION:  Close\r\n\r\nabcNEXT");
        assertTrue(p.feed(in));
        assertEquals(4, in.remaining(), "the body is the 3 bytes the length says");
        assertTrue(p.closeAfter());
        HttpResponseParser q = new HttpResponseParser();
        assertTrue(q.feed(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, CHUNKED\r\n\r\n0\r\n\r\n")));
    }

    @Test
    void aLengthOrStatusThatIsNotANumberIsMalformedAndSaysWhatItGot() {
        HttpResponseParser p = new HttpResponseParser();
        HttpResponseParser.MalformedResponseException e = assertThrows(
                HttpResponseParser.MalformedResponseException.class,
                () -> p.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: 12x\r\n\r\n")));
        assertTrue(e.getMessage().contains("'12x'"), e.getMessage());
        HttpResponseParser q = new HttpResponseParser();
        assertThrows(HttpResponseParser.MalformedResponseException.class, () -> q.feed(bytes("HTTP/1.1 2x0 OK\r\n")));
    }
}
