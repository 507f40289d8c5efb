package solutions.stage3;

import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;

/**
 * The body of a request to a peer: a value's bytes, given to java.net.http in slices, and let go of once the call is
 * over. {@code BodyPublishers.ofByteArray} keeps the array for as long as the client keeps the request, and an idle
 * pooled connection keeps its first and its last request (JDK 25): after a burst of 1 MiB PUTs a stage-4 node held a
 * dozen values nobody needed, and a 16 MiB PUT then ended it with OutOfMemoryError. Here the publisher lets go when
 * {@link #release} is called (the call's answer came, or it failed) and each subscription when it sent the last byte;
 * each slice it gives is a copy, so no buffer the client keeps holds the value.
 */
final class PeerRequestBody implements HttpRequest.BodyPublisher {
    private static final int SLICE_BYTES = 64 * 1024;

    private final long length;
    private volatile byte[] bytes;
    /** The latest sending of the body: a peer that answers before reading it all leaves it unfinished. */
    private volatile Slices sending;

    PeerRequestBody(byte[] bytes) {
        this.bytes = bytes;
        this.length = bytes.length;
    }

    @Override
    public long contentLength() {
        return length;
    }

    /**
     * The call is over: the value is let go of, by a sending the client left unfinished too (a peer that answered 503
     * before reading the body), and a later subscription (there is none after the answer) would fail instead of
     * resending.
     */
    void release() {
        bytes = null;
        Slices unfinished = sending;
        if (unfinished != null) {
            unfinished.cancel();
        }
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        Slices slices = new Slices(subscriber, bytes);
        sending = slices;
        subscriber.onSubscribe(slices);
        if (slices.source == null) {
            slices.fail(new IllegalStateException("the body of this peer request was already released"));
        }
    }

    /** One sending of the body; demand may arrive on any thread, and from inside onNext. */
    private static final class Slices implements Flow.Subscription {
        private final Flow.Subscriber<? super ByteBuffer> subscriber;
        private byte[] source;
        private int sent;
        private long demand;
        private boolean emitting;
        private boolean finished;

        Slices(Flow.Subscriber<? super ByteBuffer> subscriber, byte[] source) {
            this.subscriber = subscriber;
            this.source = source;
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                fail(new IllegalArgumentException("request(" + n + "): demand must be positive"));
                return;
            }
            synchronized (this) {
                demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
                if (emitting) {
                    return; // the loop below, further up this stack or on another thread, sends it
                }
                emitting = true;
            }
            while (true) {
                ByteBuffer slice;
                synchronized (this) {
                    if (finished || source == null || demand == 0) {
                        emitting = false;
                        return;
                    }
                    if (sent == source.length) {
                        finished = true;
                        source = null;
                        emitting = false;
                        slice = null;
                    } else {
                        // A copy, not a view: a buffer that wraps the value keeps all of it, and a pooled connection
                        // may keep the last buffer it wrote (a stage-4 node held one 8 MiB value of six it forwarded).
                        int size = Math.min(SLICE_BYTES, source.length - sent);
                        slice = ByteBuffer.allocate(size)
                                .put(source, sent, size)
                                .flip();
                        sent += size;
                        demand--;
                    }
                }
                if (slice == null) {
                    subscriber.onComplete();
                    return;
                }
                subscriber.onNext(slice);
            }
        }

        @Override
        public synchronized void cancel() {
            finished = true;
            source = null;
        }

        void fail(Throwable error) {
            synchronized (this) {
                if (finished) {
                    return;
                }
                finished = true;
                source = null;
            }
            subscriber.onError(error);
        }
    }
}
