package solutions.stage2;

import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;

/** The queue between selectors and workers ({@code -Dcourse.queue}); the order decides who waits under overload. */
public enum QueueKind {
    /** {@link ArrayBlockingQueue}: first in, first out, preallocated. */
    ARRAY,
    /** {@link LinkedBlockingDeque} used as a queue: first in, first out. */
    FIFO,
    /** {@link LinkedBlockingDeque} used as a stack: the newest request runs first, so it still meets its deadline. */
    LIFO;

    public BlockingQueue<Runnable> newQueue(int capacity) {
        return switch (this) {
            case ARRAY -> new ArrayBlockingQueue<>(capacity);
            case FIFO -> new LinkedBlockingDeque<>(capacity);
            case LIFO -> new StackDeque<>(capacity);
        };
    }

    public static QueueKind parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-Dcourse.queue must be array, fifo or lifo, got '" + name + "'", e);
        }
    }

    /** A deque whose {@code offer} pushes to the head, so the executor's {@code take} pops the newest element. */
    static final class StackDeque<E> extends LinkedBlockingDeque<E> {
        StackDeque(int capacity) {
            super(capacity);
        }

        @Override
        public boolean offer(E e) {
            return offerFirst(e);
        }
    }
}
