package course.harness;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The stage a test belongs to. It runs only when the declared submission's stage is at least this one, so a
 * student at stage 2 runs the tests of stages 1 and 2, never those of stages they have not reached.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(StageCondition.class)
public @interface Stage {
    int value();
}
