package course.hidden.stage1;

import course.harness.NodeModel;
import course.harness.Seed;
import course.hidden.SeededValues;
import java.util.Random;

/**
 * A random history of writes and deletes of {@code keys} keys ({@code prefix} followed by an index) made through a
 * {@link NodeModel}, so that the model knows what each key must read afterwards: each operation picks a key and
 * deletes it (one time in {@code deleteOneIn}) or writes it a seeded value shorter than {@code maxBytes}. Fewer keys
 * than operations, so that keys are overwritten and deleted values written again.
 */
record RandomWrites(String prefix, int keys, int deleteOneIn, int maxBytes) {
    /** {@code operations} of them; the n-th value is {@link SeededValues} of index {@code firstIndex + n}. */
    void run(NodeModel model, Seed seed, Random random, long firstIndex, int operations) {
        for (int i = 0; i < operations; i++) {
            String key = key(random.nextInt(keys));
            if (random.nextInt(deleteOneIn) == 0) {
                model.delete(key);
            } else {
                model.put(key, SeededValues.of(seed.value(), firstIndex + i, random.nextInt(maxBytes)));
            }
        }
    }

    String key(int k) {
        return prefix + k;
    }
}
