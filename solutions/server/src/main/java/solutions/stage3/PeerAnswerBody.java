package solutions.stage3;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A peer's large answer, read into one array of its Content-Length as its bytes arrive. The JDK's
 * {@code BodySubscribers.ofByteArray} keeps every buffer it was given until the last one and only then copies them
 * into the array, so for a moment a 16 MiB answer takes 32 MiB where the budget for answers counted 16. Here each
 * buffer is copied as it comes and let go of at once.
 */
final class PeerAnswerBody implements HttpResponse.BodySubscriber<byte[]> {
    private final byte[] body;
    private final CompletableFuture<byte[]> read = new CompletableFuture<>();
    private int filled; // java.net.http delivers a subscriber's signals one at a time
    private Flow.Subscription subscription;

    PeerAnswerBody(int length) {
        this.body = new byte[length];
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer buffer : buffers) {
            int n = buffer.remaining();
            if (n > body.length - filled) {
                subscription.cancel();
                read.completeExceptionally(
                        new IOException("the peer's answer is longer than its Content-Length of " + body.length));
                return;
            }
            buffer.get(body, filled, n);
            filled += n;
        }
    }

    @Override
    public void onError(Throwable failure) {
        read.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        if (filled == body.length) {
            read.complete(body);
        } else {
            read.completeExceptionally(
                    new IOException("the peer's answer ended after " + filled + " of its " + body.length + " bytes"));
        }
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return read;
    }
}
