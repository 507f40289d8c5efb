package bench.server;

import java.util.List;

/** The median of measured values: what the load benches report, since one run's tail says little on a busy host. */
final class Medians {
    private Medians() {}

    /** The median of the values that were measured (null and NaN skipped); NaN when none was. */
    static double of(List<Double> xs) {
        List<Double> sorted =
                xs.stream().filter(x -> x != null && !x.isNaN()).sorted().toList();
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
