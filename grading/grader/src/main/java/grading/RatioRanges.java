package grading;

import course.results.Grade;

/**
 * How sure a grade's ratio is: between which values the two saturation searches' steps put it. A search knows its
 * side's capacity only to a step (at least its sustained rate, below its lowest missed step above it), so two grades
 * of the same code can still differ by more than this range; it is the searches' resolution, said in the grade.
 */
final class RatioRanges {
    private RatioRanges() {}

    /**
     * How sure the ratio is by the searches' steps: each side's capacity lies between its sustained rate and its
     * lowest missed step above it, so the ratio lies between the submission's rate over the reference's miss and
     * the submission's miss over the reference's rate (rounded outwards, so the range always holds the ratio).
     */
    static Grade.RatioRange of(Performance.Side mine, Performance.Side ref) {
        Double mineMiss = mine.lowestMissAbove();
        Double refMiss = ref.lowestMissAbove();
        // hundredths first: 700 / 10000 * 100 is 7.000000000000001 in doubles, which ceil would make 0.08
        Double low = refMiss == null ? null : Math.floor(mine.sustained().rate * 100 / refMiss) / 100;
        Double high = mineMiss == null ? null : Math.ceil(mineMiss * 100 / ref.sustained().rate) / 100;
        return new Grade.RatioRange(low, high);
    }

    /** The grade's note on {@code range}, with each side's rate and first miss. */
    static String sentence(double ratio, Grade.RatioRange range, Performance.Side mine, Performance.Side ref) {
        String between = range.low() == null && range.high() == null
                ? "is not bounded"
                : range.low() == null
                        ? "is at most " + range.high()
                        : range.high() == null
                                ? "is at least " + range.low()
                                : "lies between " + range.low() + " and " + range.high();
        return "performance: how sure the ratio " + ratio + " is: by the searches' steps it " + between
                + " (submission " + bracket(mine) + "; reference " + bracket(ref) + "); two grades of the same code"
                + " can differ by more than that, as each search measures its steps once or twice";
    }

    /** A side's rate and its first miss above it, as the range reads them. */
    private static String bracket(Performance.Side s) {
        Double miss = s.lowestMissAbove();
        return "held " + Performance.RateText.of(s.sustained().rate) + " requests/s"
                + (miss == null ? " and missed no step above it" : ", missed " + Performance.RateText.of(miss));
    }
}
