package course.harness;

import course.runtime.Submission;
import java.lang.reflect.AnnotatedElement;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** Skips tests of stages beyond the one the submission declares. */
public final class StageCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<Stage> stage = context.getElement().flatMap(StageCondition::stageOf);
        if (stage.isEmpty()) {
            return ConditionEvaluationResult.enabled("no @Stage");
        }
        int declared = Submission.current().stage();
        int needed = stage.get().value();
        return declared >= needed
                ? ConditionEvaluationResult.enabled("stage " + needed + " <= declared stage " + declared)
                : ConditionEvaluationResult.disabled("a stage-" + needed + " test; the submission declares stage "
                        + declared + " (submission.properties)");
    }

    private static Optional<Stage> stageOf(AnnotatedElement element) {
        return AnnotationSupport.findAnnotation(element, Stage.class);
    }
}
