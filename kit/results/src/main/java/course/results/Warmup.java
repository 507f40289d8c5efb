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

    public Warmup() {
    }

    public Warmup(double seconds, Double rate) {
        this.seconds = seconds;
        this.rate = rate;
    }
}
