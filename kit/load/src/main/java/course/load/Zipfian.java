package course.load;

import java.util.random.RandomGenerator;

/**
 * Zipf-distributed ranks 0..n-1 (rank 0 the hottest), with the constant-time sampling of Gray et al., "Quickly
 * generating billion-record synthetic databases" (the method YCSB uses). Immutable after construction, so threads
 * share one instance and each samples with its own random source.
 */
final class Zipfian {
    static final double DEFAULT_THETA = 0.99;

    private final long n;
    private final double theta;
    private final double alpha;
    private final double zetaN;
    private final double eta;

    Zipfian(long n, double theta) {
        this.n = n;
        this.theta = theta;
        this.alpha = 1.0 / (1.0 - theta);
        this.zetaN = zeta(n, theta);
        double zeta2 = zeta(2, theta);
        this.eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetaN);
    }

    long next(RandomGenerator random) {
        double u = random.nextDouble();
        double uz = u * zetaN;
        if (uz < 1.0) {
            return 0;
        }
        if (uz < 1.0 + Math.pow(0.5, theta)) {
            return Math.min(1, n - 1);
        }
        long rank = (long) (n * Math.pow(eta * u - eta + 1, alpha));
        return Math.min(rank, n - 1);
    }

    private static double zeta(long n, double theta) {
        double sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += 1 / Math.pow(i, theta);
        }
        return sum;
    }
}
