package grading.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The public tests must fail on the untouched starter skeleton, each with a "not implemented" message that tells
 * the student where to start; otherwise a student could pass a stage without writing anything.
 */
class PublicTestsRejectSkeletonTest {
    @Test
    void everyStage1PublicTestFailsOnTheSkeletonWithNotImplemented() {
        SuiteRun run = SuiteRun.of("course.tests.stage1", "student.StudentServiceFactory", 1);
        assertTrue(run.started() >= 10, "expected the stage-1 public tests to run, only " + run.started() + " started");
        List<String> wrong = new ArrayList<>();
        run.outcomes().forEach(o -> {
            if (o.passed()) {
                wrong.add(o.name() + " PASSED on the skeleton");
            } else if (!o.message().contains("not implemented")) {
                wrong.add(o.name() + " failed without saying 'not implemented': " + o.message());
            }
        });
        assertEquals(List.of(), wrong);
    }
}
