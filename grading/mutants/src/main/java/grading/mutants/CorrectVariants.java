package grading.mutants;

import grading.mutants.stage2.OneWorkerSmallestQueue;
import java.util.List;

/**
 * Correct nodes that differ from the references where the statements give a choice: the tests must pass against
 * each of them as they do against the references ("a grade never fails a correct node"), and not only against the
 * references' own choices. A new variant is a class in grading.mutants.stageN, listed here.
 */
public final class CorrectVariants {
    private CorrectVariants() {}

    /** A variant, the stage it implements, and the choice it makes differently from the reference. */
    public record Variant(Class<?> factory, int stage, String choice) {
        public String name() {
            return factory.getSimpleName();
        }
    }

    public static List<Variant> all() {
        return List.of(new Variant(
                OneWorkerSmallestQueue.class,
                2,
                "one worker and a queue of 64 by default (the reference: 2 x cores, 256)"));
    }
}
