package course.load;

import course.results.Warmup;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * The unrecorded run before a measurement. A cold server's first second (JIT compilation, empty caches) can hold a
 * short run's whole tail, so load and saturate first send this many seconds at half the target rate and throw the
 * latencies away; half the rate warms the same code paths without queueing up a server near its limit.
 *
 * <p>The generator warms up as much as the server. A warm-up in one piece left the JIT's code for the steady state
 * only: the run opened its own connections on code compiled while no connection was being opened, and at 10,000
 * requests/s the JIT threw away and compiled again the selector loop ({@code LoadWorker.service},
 * {@code EPollSelectorImpl.doSelect}, measured with -XX:+PrintCompilation) in the run's first second, which held the
 * run's worst latencies: in 5 runs its p99 was 1.9-9.2 ms, the other seconds' 1.25-2.8 (mostly 1.3-1.5). For the same
 * reason the warm-up's threads wait for their requests the way the run's will: at 10,000 requests/s on two threads a
 * warm-up at half the rate napped (LoadWorker.NAP_MIN_SPACING_NS) where the run waits in select() alone, and the run's
 * first requests sent LoadWorker.waitUntil back to the interpreter.
 */
final class Warmups {
    static final int DEFAULT_SECONDS = 5;
    /** The warm-up's rate, as a share of the measured run's. */
    static final double RATE_SHARE = 0.5;

    private Warmups() {}

    /** The warm-up {@code o} asks for: --warmup, else the default but never longer than the run itself. */
    static Warmup plan(LoadOptions o, double rate) {
        double seconds = o.warmupSeconds() != null ? o.warmupSeconds() : Math.min(DEFAULT_SECONDS, o.durationSeconds());
        return seconds == 0 ? Warmup.off() : Warmup.of(seconds, rate * RATE_SHARE);
    }

    /** The rate of the run that {@code w} warms up for: its threads wait the way that run's will. */
    static double runRate(Warmup w) {
        return w.rate / RATE_SHARE;
    }

    /** Runs the warm-up (nothing when it is off), saying so on {@code out}. */
    static void run(LoadOptions o, Warmup w, PrintStream out) throws InterruptedException {
        if (w.seconds == 0) {
            out.println("warm-up: off (--warmup 0): the first seconds of the run include the server's warm-up");
            out.flush();
            return;
        }
        out.printf(
                Locale.ROOT,
                "warm-up: %s s at %.0f req/s, not recorded (--warmup 0 turns it off)%n",
                BigDecimal.valueOf(w.seconds).stripTrailingZeros().toPlainString(),
                w.rate);
        out.flush();
        // In two halves, each opening its connections, as the run will: the JIT compiles the code the first half
        // runs, and the second half's start sends it back through the opening of connections, so that the run's
        // first second does not (see the class comment). Both wait for their requests as the run will.
        half(o, w).run();
        half(o, w).run();
    }

    /** One half of the warm-up {@code w} before a run of {@code o}. */
    static LoadGenerator half(LoadOptions o, Warmup w) {
        LoadOptions half = o.with(c -> {
            c.rate(w.rate);
            c.duration(w.seconds / 2);
        });
        return new LoadGenerator(half, null).pacedAs(runRate(w));
    }
}
