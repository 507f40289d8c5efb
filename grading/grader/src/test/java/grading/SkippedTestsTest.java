package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import grading.runner.ReportLine;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A hidden test that needs what the grading machine lacks (DiskFullTest's small disk, in a --no-sandbox grade inside
 * a container that may not mount one) skips itself: a correct node must not lose its points for that.
 */
class SkippedTestsTest {
    private static final String DISK =
            "course.hidden.stage1.DiskFullTest#aWriteTheFullDiskRefusesIs507AndTheNodeGoesOnOnceThereIsRoom";
    private static final String PUT = "course.tests.stage1.EntityProtocolTest#putOverwrites";

    private static TestOutcome graded(String diskOutcome, String putOutcome) {
        return TestOutcome.of(
                FinishedRun.of(
                        new ReportLine(
                                "RESULT",
                                DISK,
                                "",
                                diskOutcome,
                                5,
                                "no small disk: not root and no -Dcourse.smallDisk"),
                        new ReportLine("RESULT", PUT, "", putOutcome, 5, "")),
                Map.of(),
                Weights.load());
    }

    @Test
    void aSkippedTestLeavesTheMaximumAndTheGradeSaysWhy() {
        TestOutcome ran = graded("passed", "passed");
        TestOutcome skipped = graded("skipped", "passed");
        double diskPoints = ran.score().max() - skipped.score().max();
        assertTrue(diskPoints > 0, "the skipped test's points must leave the maximum: " + skipped.score());
        assertEquals(skipped.score().max(), skipped.score().earned(), "a correct node keeps full marks");
        assertTrue(
                skipped.notes().stream()
                        .anyMatch(n -> n.contains("could not run on this grading machine")
                                && n.contains("DiskFullTest")
                                && n.contains("no small disk")),
                String.join("\n", skipped.notes()));
    }

    @Test
    void aFailedTestStillCostsItsPoints() {
        TestOutcome failed = graded("failed", "passed");
        assertTrue(
                failed.score().earned() < failed.score().max(), failed.score().toString());
        assertTrue(
                failed.notes().stream().noneMatch(n -> n.contains("could not run")), String.join("\n", failed.notes()));
    }
}
