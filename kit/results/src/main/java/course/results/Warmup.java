package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The unrecorded run before a measurement, so the JIT compiler and the server's caches are warm when recording
 * starts; {@code seconds} is 0 when it was turned off.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class Warmup {
    public double seconds;
    /** Requests per second during the warm-up; {@code null} when there was none. */
    public Double rate;

    /** A warm-up of {@code seconds} at {@code rate}; {@code off()} when there was none. */
    public static Warmup of(double seconds, double rate) {
        Warmup w = new Warmup();
        w.seconds = seconds;
        w.rate = rate;
        return w;
    }

    /** The record of a run with its warm-up turned off (--warmup 0). */
    public static Warmup off() {
        return new Warmup();
    }
}
