package grading.mutants;

import course.command.StageFacts;
import course.command.Stages;
import java.util.List;

/**
 * The reference factories of this checkout, stage by stage, as the stage registry names them ({@code reference:} in
 * each {@code stages/N-slug/stage.yml}): a stage counts when its reference class is on the classpath.
 */
public final class References {
    private References() {}

    /** The reference factory of {@code stage}; an {@link IllegalArgumentException} if the stage names none. */
    public static String factory(int stage) {
        return Stages.ofThisRepository()
                .stage(stage)
                .referenceFactory()
                .orElseThrow(
                        () -> new IllegalArgumentException("stage " + stage + " names no reference in its stage.yml"));
    }

    public static boolean exists(int stage) {
        return Stages.ofThisRepository().list().stream().anyMatch(s -> s.number() == stage && present(s));
    }

    public static List<Integer> stages() {
        return Stages.ofThisRepository().list().stream()
                .filter(References::present)
                .map(StageFacts::number)
                .toList();
    }

    private static boolean present(StageFacts s) {
        return s.referenceOn(References.class.getClassLoader()).isPresent();
    }
}
