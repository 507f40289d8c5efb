package grading.meta;

import course.command.StageFacts;

/** The references of stages 2, 4, 6, ...: half of the loop, for one of the two forks (the other has the odd ones). */
class EvenStagesReferencesPassThePublicTestsTest extends ReferencesPassThePublicTests {
    @Override
    boolean covers(StageFacts stage) {
        return stage.number() % 2 == 0;
    }
}
