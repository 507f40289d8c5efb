package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import course.results.Grade;
import course.results.LoadRun;
import course.results.Results;
import course.results.Saturation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A grade says how sure its ratio is: each side's search knows its capacity only to lie between its sustained rate
 * and its lowest missed step above it, so the ratio lies between the submission's rate over the reference's miss
 * and the submission's miss over the reference's rate. The sides are searches as the kit writes them.
 */
class RatioRangeTest {
    /** A quiet search over {@code steps}, each {rate, 1 = met the SLO}; its sustained rate is the highest met. */
    static Performance.Side searched(double[]... steps) {
        Saturation search = new Saturation();
        Double sustained = null;
        for (double[] s : steps) {
            Saturation.Step st = new Saturation.Step();
            st.rate = s[0];
            st.achievedRate = s[0];
            st.passed = s[1] == 1;
            st.p99Ms = st.passed ? 2 : 30;
            search.steps.add(st);
            if (st.passed && (sustained == null || st.rate > sustained)) {
                sustained = st.rate;
            }
        }
        search.result.sustainedRate = sustained;
        return new Performance.Side(sustainedGet(sustained), search, null);
    }

    /** The GET run a search keeps at its sustained rate. */
    static LoadRun sustainedGet(double rate) {
        LoadRun run = new LoadRun();
        run.source.tool = "course-load";
        run.workload.name = "get";
        run.rate = rate;
        run.achievedRate = rate;
        return run;
    }

    private static Grade graded(Performance.Side mine, Performance.Side ref) {
        return PerformanceContentionTest.graded(new Performance.Pair(mine, ref, List.of()));
    }

    @Test
    void theRangeRunsFromEachSidesRateToItsFirstMissAboveIt() throws Exception {
        Performance.Side mine = searched(
                new double[] {1000, 1},
                new double[] {2000, 1},
                new double[] {4000, 0},
                new double[] {3000, 1},
                new double[] {3500, 0});
        Performance.Side ref = searched(
                new double[] {1000, 1},
                new double[] {2000, 0}, // one stall below its rate: a repeat passed, no bound
                new double[] {2000, 1},
                new double[] {4000, 1},
                new double[] {8000, 0},
                new double[] {6000, 0},
                new double[] {5000, 1});
        Grade grade = graded(mine, ref);
        assertEquals(0.6, grade.performance().ratio());
        assertEquals(new Grade.RatioRange(0.5, 0.7), grade.performance().ratioRange());
        String notes = String.join("\n", grade.notes());
        assertTrue(
                notes.contains("performance: how sure the ratio 0.6 is: by the searches' steps it lies between 0.5"
                        + " and 0.7 (submission held 3.00k requests/s, missed 3.50k; reference held 5.00k requests/s,"
                        + " missed 6.00k)"),
                notes);
        JsonNode range = Results.mapper()
                .readTree(Results.mapper().writeValueAsString(grade))
                .get("performance")
                .get("ratioRange");
        assertEquals(0.5, range.get("low").asDouble());
        assertEquals(0.7, range.get("high").asDouble());
    }

    @Test
    void theRangeIsRoundedOutwardsSoItAlwaysHoldsTheRatio() {
        // 1000/3000 = 0.333.. and 1500/1000 = 1.5: rounding to the nearest would put the low bound above 0.33
        Grade.RatioRange r = RatioRanges.of(
                searched(new double[] {1000, 1}, new double[] {1500, 0}),
                searched(new double[] {1000, 1}, new double[] {3000, 0}));
        assertEquals(new Grade.RatioRange(0.33, 1.5), r);
        Grade.RatioRange up = RatioRanges.of(
                searched(new double[] {1000, 1}, new double[] {2000, 0}),
                searched(new double[] {3000, 1}, new double[] {6000, 0}));
        assertEquals(0.67, up.high(), "2000/3000 = 0.666.. rounds up");
        assertEquals(0.16, up.low(), "1000/6000 = 0.1666.. rounds down");
        Grade.RatioRange exact = RatioRanges.of(
                searched(new double[] {500, 1}, new double[] {700, 0}),
                searched(new double[] {10000, 1}, new double[] {20000, 0}));
        assertEquals(0.07, exact.high(), "700/10000 is 0.07, though 700 / 10000 * 100 is 7.000000000000001");
    }

    @Test
    void aSideThatMissedNoStepAboveItsRateLeavesThatBoundOpen() {
        Performance.Side mine = searched(new double[] {1000, 1}, new double[] {2000, 1});
        Performance.Side ref = searched(new double[] {1000, 1}, new double[] {2000, 1}, new double[] {4000, 0});
        Grade grade = graded(mine, ref);
        assertEquals(1.0, grade.performance().ratio());
        assertEquals(new Grade.RatioRange(0.5, null), grade.performance().ratioRange());
        String notes = String.join("\n", grade.notes());
        assertTrue(
                notes.contains("by the searches' steps it is at least 0.5 (submission held 2.00k requests/s and missed"
                        + " no step above it;"),
                notes);
    }

    @Test
    void noRatioNoRange() {
        Performance.Side none = new Performance.Side(null, null, "stopped at the time limit of 120 s");
        Grade grade = graded(searched(new double[] {1000, 1}, new double[] {2000, 0}), none);
        assertNull(grade.performance().ratio());
        assertNull(grade.performance().ratioRange());
        assertTrue(
                grade.notes().stream().noneMatch(n -> n.contains("how sure")),
                grade.notes().toString());
    }
}
