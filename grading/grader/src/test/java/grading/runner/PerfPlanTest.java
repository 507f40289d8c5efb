package grading.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The performance JVM's plan crosses the sandbox as JSON and comes back the same; a broken one says what is wrong. */
class PerfPlanTest {
    private static final PerfPlan PLAN =
            new PerfPlan("solutions.stage3.Stage3Factory", 3, 3, "256m", 16, 2, 20_000, 100, 5000, 3, 9);

    @Test
    void aPlanCrossesTheProcessBoundaryUnchanged() {
        String json = PLAN.toJson();
        assertTrue(!json.contains("\n"), "one line on stdin: " + json);
        assertEquals(PLAN, PerfPlan.fromJson(json));
    }

    @Test
    void aMissingOrBrokenPlanSaysWhatWasWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PerfPlan.fromJson(null))
                .getMessage()
                .contains("no plan"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PerfPlan.fromJson("{\"factory\":\"x\"}"))
                .getMessage()
                .contains("heap must look like 256m"));
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> new PerfPlan("x", 1, 0, "256m", 1, 1, 1, 1, 1, 1, 1))
                        .getMessage()
                        .contains("positive"));
    }
}
