package course.harness;

import java.util.Random;

/**
 * The one seed every random choice of a test comes from. Ask for it as a test parameter (with
 * {@link WithCluster} or {@code @ExtendWith(ClusterExtension.class)}); a failing test's message then names the seed
 * and how to replay it: {@code -Dcourse.seed=<seed>}.
 */
public record Seed(long value) {
    public static Seed fromSystemOrNew() {
        String fixed = System.getProperty("course.seed");
        if (fixed != null && !fixed.isBlank()) {
            try {
                return new Seed(Long.parseLong(fixed.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("-Dcourse.seed must be a number, got '" + fixed + "'", e);
            }
        }
        return new Seed(System.nanoTime() ^ 0x5DEECE66DL);
    }

    public Random random() {
        return new Random(value);
    }
}
