package solutions.stage3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;

/** The body publisher of peer requests keeps the Flow protocol and lets go of its bytes when told. */
class PeerRequestBodyTest {
    /**
     * Records what a sending gives. {@link #likeTheHttpWriter()} asks for one slice at a time from inside onNext, as
     * java.net.http's HTTP/1.1 writer does; {@link #askingOnlyWhenTold()} asks for slices only when the test does, and
     * keeps the last one, as a connection may keep the last buffer it wrote.
     */
    private static final class Recorder implements Flow.Subscriber<ByteBuffer> {
        private final boolean asksForMore;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Flow.Subscription subscription;
        ByteBuffer last;
        int slices;
        boolean completed;
        Throwable error;

        private Recorder(boolean asksForMore) {
            this.asksForMore = asksForMore;
        }

        static Recorder likeTheHttpWriter() {
            return new Recorder(true);
        }

        static Recorder askingOnlyWhenTold() {
            return new Recorder(false);
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            if (asksForMore) {
                s.request(1);
            }
        }

        @Override
        public void onNext(ByteBuffer item) {
            slices++;
            last = item;
            byte[] b = new byte[item.remaining()];
            item.duplicate().get(b); // the slice kept in last stays as it was given
            bytes.writeBytes(b);
            if (asksForMore) {
                subscription.request(1);
            }
        }

        @Override
        public void onError(Throwable t) {
            error = t;
        }

        @Override
        public void onComplete() {
            completed = true;
        }
    }

    @Test
    void aLargeBodyArrivesWholeInSlicesAndTwiceWhenSentTwice() {
        byte[] value = new byte[300_000];
        Arrays.setAll(new int[value.length], i -> value[i] = (byte) (i * 31));
        PeerRequestBody body = new PeerRequestBody(value);
        assertEquals(value.length, body.contentLength());
        for (int attempt = 0; attempt < 2; attempt++) { // a request on a closed pooled connection goes again
            Recorder c = Recorder.likeTheHttpWriter();
            body.subscribe(c);
            assertTrue(c.completed, "not completed");
            assertEquals(null, c.error);
            assertEquals(5, c.slices, "64 KiB slices of 300,000 bytes");
            assertArrayEquals(value, c.bytes.toByteArray());
        }
    }

    @Test
    void anEmptyBodyCompletesAtOnce() {
        Recorder c = Recorder.likeTheHttpWriter();
        new PeerRequestBody(new byte[0]).subscribe(c);
        assertTrue(c.completed);
        assertEquals(0, c.slices);
    }

    @Test
    void aReleasedBodyFailsInsteadOfSendingNothing() {
        PeerRequestBody body = new PeerRequestBody(new byte[10]);
        body.release();
        Recorder c = Recorder.likeTheHttpWriter();
        body.subscribe(c);
        assertInstanceOf(IllegalStateException.class, c.error);
        assertEquals(0, c.slices);
    }

    @Test
    void aBodyOfExactlyOneSliceIsOneSliceAndOneByteMoreIsTwo() {
        int[][] lengthsAndSlices = {{64 * 1024 - 1, 1}, {64 * 1024, 1}, {64 * 1024 + 1, 2}, {128 * 1024, 2}};
        for (int[] lengthAndSlices : lengthsAndSlices) {
            byte[] value = new byte[lengthAndSlices[0]];
            value[value.length - 1] = 9;
            Recorder c = Recorder.likeTheHttpWriter();
            new PeerRequestBody(value).subscribe(c);
            assertTrue(c.completed, value.length + " bytes: not completed");
            assertEquals(lengthAndSlices[1], c.slices, value.length + " bytes in 64 KiB slices");
            assertArrayEquals(value, c.bytes.toByteArray(), value.length + " bytes");
        }
    }

    @Test
    void aDemandThatIsNotPositiveFailsTheSendingAsTheFlowProtocolSays() {
        for (long demand : new long[] {0, -1}) {
            Recorder k = Recorder.askingOnlyWhenTold();
            new PeerRequestBody(new byte[10]).subscribe(k);
            k.subscription.request(demand);
            assertInstanceOf(IllegalArgumentException.class, k.error, "request(" + demand + ")");
            assertEquals("request(" + demand + "): demand must be positive", k.error.getMessage());
            k.subscription.request(1);
            assertEquals(0, k.slices, "a failed sending sends nothing more");
        }
    }

    @Test
    // The slice's backing array is the point: whether it is the value's own array (the same object) or a copy.
    @SuppressWarnings({"ReferenceEquality", "ByteBufferBackingArray"})
    void aSliceKeptByTheClientHoldsNoMoreThanItself() {
        byte[] value = new byte[300_000];
        Recorder k = Recorder.askingOnlyWhenTold();
        new PeerRequestBody(value).subscribe(k);
        k.subscription.request(1);
        assertTrue(
                k.last.array() != value && k.last.array().length <= 64 * 1024,
                "a slice must be a copy: one that wraps the value keeps all " + value.length
                        + " bytes alive for as long" + " as the client keeps the buffer (its backing array has "
                        + k.last.array().length + ")");
    }

    @Test
    void aSendingLeftUnfinishedStopsWhenTheCallIsOver() {
        PeerRequestBody body = new PeerRequestBody(new byte[300_000]);
        Recorder k = Recorder.askingOnlyWhenTold();
        body.subscribe(k);
        k.subscription.request(1); // the peer answered after one slice, and the client asked for no more
        body.release();
        k.subscription.request(10);
        assertEquals(1, k.slices, "a released body gave more slices: its sending still held the value");
    }
}
