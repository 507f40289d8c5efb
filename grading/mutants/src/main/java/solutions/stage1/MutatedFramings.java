package solutions.stage1;

import java.util.function.BiFunction;

/**
 * The reference {@link Framing} with one decision of its chunked-body decoder broken, for the framing mutants. It
 * lives in the server's package (on the class path, not in the server's jar) because the decoder is the session's
 * own business and stays package-private there.
 */
public final class MutatedFramings {
    private MutatedFramings() {}

    /**
     * A chunk size is whatever hex digits start its line, and the rest of the line is taken for an extension: a size
     * line with no digit at all ({@code zz}) is a size of 0, the last chunk, and the body ends empty there.
     */
    public static Framing lenientChunkSizes() {
        return withDecoder((maxBodyBytes, reservations) -> new ChunkedBodyDecoder(maxBodyBytes, reservations) {
            @Override
            State afterSize(byte b, int digits) {
                return b == '\r' ? State.SIZE_LF : State.EXTENSION;
            }
        });
    }

    /** A chunk size is limited to 8 hex digits, its leading zeros counted with the rest: 000000000a is refused. */
    public static Framing leadingZerosCounted() {
        return withDecoder((maxBodyBytes, reservations) -> new ChunkedBodyDecoder(maxBodyBytes, reservations) {
            @Override
            boolean sizeFits(long size, int digits) {
                return digits <= 8;
            }
        });
    }

    /** The reference framing whose chunked bodies are read by the decoder {@code decoder} makes. */
    private static Framing withDecoder(
            BiFunction<Integer, ChunkedBodyDecoder.Reservations, ChunkedBodyDecoder> decoder) {
        return new Framing() {
            @Override
            ChunkedBodyDecoder chunkedBody(int maxBodyBytes, ChunkedBodyDecoder.Reservations reservations) {
                return decoder.apply(maxBodyBytes, reservations);
            }
        };
    }
}
