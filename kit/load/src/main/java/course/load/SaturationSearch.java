package course.load;

import java.util.ArrayList;
import java.util.List;

/**
 * The search for the highest rate that meets an SLO: double the rate from the start until a step fails (halve it
 * when the first step already fails), then bisect between the last pass and the first fail until they are within
 * the resolution. Every step is a full measurement; the number of runs is bounded ({@link Runs}: --max-steps), every
 * run counted, the repeat of a miss and the repeat of a contended step (which the {@link Step} makes through
 * {@link #runs()}) included.
 *
 * <p>A miss counts only when it repeats: a missed rate is tried again (up to {@code confirmMisses} times) and passes
 * if any repeat passes. Saturation reproduces; a single stall of a shared VM does not, and one unconfirmed miss at
 * 2k requests/s once anchored a whole search there while the same server held 24k (seen in the grader's runs).
 */
final class SaturationSearch {
    /** Runs one step at a rate and says whether it passed. */
    interface Step {
        boolean passes(double rate) throws Exception;
    }

    private final double startRate;
    private final double maxRate;
    private final double resolution;
    private final Runs runs;
    private final int confirmMisses;
    private Double lastPass;
    private Double firstFail;
    private String note;
    private String stoppedBecause;
    private final List<Double> unconfirmed = new ArrayList<>();

    SaturationSearch(double startRate, double maxRate, double resolution, int maxSteps) {
        this(startRate, maxRate, resolution, maxSteps, 0);
    }

    SaturationSearch(double startRate, double maxRate, double resolution, int maxSteps, int confirmMisses) {
        this.startRate = startRate;
        this.maxRate = maxRate;
        this.resolution = resolution;
        this.runs = new Runs(maxSteps);
        this.confirmMisses = confirmMisses;
    }

    /**
     * The runs a search may make: --max-steps of them, whatever each is for. The search takes one for each step it
     * tries and for each repeat of a miss; a step that runs again (its CPU was contended) takes one for each repeat,
     * and may only when one is {@link #left}.
     */
    static final class Runs {
        private final int max;
        private int made;
        private boolean ended;

        Runs(int max) {
            this.max = max;
        }

        boolean left() {
            return !ended && made < max;
        }

        /** No run is left from now on, whatever the bound. */
        void end() {
            ended = true;
        }

        /** Counts one run; refused when none is left (the caller asks {@link #left} first). */
        void take() {
            if (!left()) {
                throw new IllegalStateException("all " + max + " runs of --max-steps are made");
            }
            made++;
        }

        int made() {
            return made;
        }

        int max() {
            return max;
        }
    }

    /** The search's run budget, which its step draws on for repeats of its own. */
    Runs runs() {
        return runs;
    }

    /**
     * Ends the search once the step running now returns, whatever it would try next: its answer is known ({@code
     * why} says how, for the note). The rate returned is the highest that passed so far.
     */
    void stop(String why) {
        stoppedBecause = why;
        runs.end();
    }

    /** Runs the search; returns the highest passing rate, or {@code null} when none passed. */
    Double run(Step step) throws Exception {
        Double sustained = search(step);
        if (stoppedBecause != null) {
            note = "stopped after " + runs.made() + " runs: " + stoppedBecause
                    + (sustained == null ? "" : "; the highest rate that met the SLO so far was " + fmt(sustained));
        }
        if (!unconfirmed.isEmpty()) {
            note += " (a miss at "
                    + String.join(
                            ", ",
                            unconfirmed.stream().map(SaturationSearch::fmt).toList())
                    + " requests/s passed on its repeat)";
        }
        return sustained;
    }

    private Double search(Step step) throws Exception {
        double rate = startRate;
        // Find a bracket: a passing rate below a failing one.
        while (runs.left()) {
            boolean passed = attempt(step, rate);
            if (passed) {
                lastPass = rate;
                if (firstFail != null) {
                    break;
                }
                if (rate >= maxRate) {
                    note = "reached --max-rate " + fmt(maxRate) + " without failing the SLO";
                    return lastPass;
                }
                rate = Math.min(maxRate, rate * 2);
            } else {
                firstFail = rate;
                if (lastPass != null) {
                    break;
                }
                rate = Math.floor(rate / 2);
                if (rate < 1) {
                    note = "no rate down to 1 request/s met the SLO";
                    return null;
                }
            }
        }
        while (lastPass != null && firstFail != null && widerThanTheResolution()) {
            if (!runs.left()) {
                note = "stopped after --max-steps " + runs.max() + " runs; the sustained rate lies between "
                        + fmt(lastPass) + " and " + fmt(firstFail);
                return lastPass;
            }
            double mid = Math.rint((lastPass + firstFail) / 2);
            if (mid <= lastPass || mid >= firstFail) {
                break;
            }
            if (attempt(step, mid)) {
                lastPass = mid;
            } else {
                firstFail = mid;
            }
        }
        if (lastPass == null) {
            note = "no step met the SLO within --max-steps " + runs.max() + " runs";
        } else if (firstFail == null) {
            note = "stopped after --max-steps " + runs.max() + " runs without failing the SLO";
        } else if (note == null) {
            note = "the SLO holds at " + fmt(lastPass) + " and fails at " + fmt(firstFail) + " requests/s";
        }
        return lastPass;
    }

    /**
     * Whether the bracket is still wider than the resolution. A bisected rate is rounded to a whole request per second,
     * which can leave a bracket the resolution wide but for that rounding: 3,125 passed and 3,437.5, tried as 3,438,
     * failed is 10.016% apart, and a 10% search of a stage-6 grade bisected once more (two runs of 3 s, the miss's
     * repeat included) to learn what it already knew.
     */
    private boolean widerThanTheResolution() {
        return firstFail - lastPass > resolution * lastPass + 1;
    }

    private boolean attempt(Step step, double rate) throws Exception {
        runs.take();
        if (step.passes(rate)) {
            return true;
        }
        for (int repeat = 0; repeat < confirmMisses && runs.left(); repeat++) {
            runs.take();
            if (step.passes(rate)) {
                unconfirmed.add(rate);
                return true;
            }
        }
        return false;
    }

    String note() {
        return note;
    }

    static String fmt(double rate) {
        return RunFiles.rateName(rate);
    }
}
