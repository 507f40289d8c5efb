package solutions.stage1;

import java.util.Arrays;
import one.nio.http.Response;

/**
 * An answer whose body is a part of a larger array, sent from that array without a copy: a stage-4 coordinator answers
 * a GET with the value inside the record a replica sent, where a copy of a 16 MiB value lived beside the record it came
 * from and was the allocation that failed in the heap dumps of coordinators that died of OutOfMemoryError.
 * {@link WholeAnswers} queues the part as it is; anything else that asks for the body gets a copy of the part, so the
 * answer is the same whoever writes it.
 */
public final class SlicedAnswer extends Response {
    private final byte[] array;
    private final int offset;
    private final int length;

    /** A {@code resultCode} answer with the bytes {@code array[offset, offset + length)} as its body. */
    public SlicedAnswer(String resultCode, byte[] array, int offset, int length) {
        super(resultCode);
        if (offset < 0 || length < 0 || offset + length > array.length) {
            throw new IllegalArgumentException(
                    "no bytes [" + offset + ", " + (offset + length) + ") in an array of " + array.length);
        }
        this.array = array;
        this.offset = offset;
        this.length = length;
        addHeader("Content-Length: " + length);
    }

    /** The array the body is part of: what the answer holds in memory while it is queued. */
    byte[] array() {
        return array;
    }

    int offset() {
        return offset;
    }

    int length() {
        return length;
    }

    /** A copy of the body, for whatever does not know the answer is a part of an array. */
    @Override
    public byte[] getBody() {
        return Arrays.copyOfRange(array, offset, offset + length);
    }

    @Override
    public byte[] toBytes(boolean includeBody) {
        byte[] head = super.toBytes(false);
        if (!includeBody) {
            return head;
        }
        byte[] whole = Arrays.copyOf(head, head.length + length);
        System.arraycopy(array, offset, whole, head.length, length);
        return whole;
    }
}
