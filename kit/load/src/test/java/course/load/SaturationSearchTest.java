package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The search itself, over a server model whose capacity is known exactly. */
class SaturationSearchTest {
    /** A server that sustains rates up to {@code capacity}; each rate tried is added to {@code tried}. */
    private static SaturationSearch.Step upTo(double capacity, List<Double> tried) {
        return rate -> {
            tried.add(rate);
            return rate <= capacity;
        };
    }

    @Test
    void doublesThenBisectsToTheResolution() throws Exception {
        List<Double> tried = new ArrayList<>();
        SaturationSearch s = new SaturationSearch(1000, 1e6, 0.05, 20);
        Double sustained = s.run(upTo(5300, tried));
        assertEquals(List.of(1000.0, 2000.0, 4000.0, 8000.0), tried.subList(0, 4));
        assertTrue(sustained <= 5300 && sustained >= 5300 / 1.05, "sustained " + sustained + " after " + tried);
    }

    @Test
    void aBracketTheResolutionWideButForTheRoundingOfARateEndsTheSearch() throws Exception {
        List<Double> tried = new ArrayList<>();
        // 3,125 passes and 3,437.5 (tried as 3,438) fails: 10% apart, not a reason for one more step
        Double sustained = new SaturationSearch(5000, 1e6, 0.1, 12).run(upTo(3300, tried));
        assertEquals(List.of(5000.0, 2500.0, 3750.0, 3125.0, 3438.0), tried);
        assertEquals(3125.0, sustained);
    }

    @Test
    void halvesWhenTheFirstStepFails() throws Exception {
        Double sustained = new SaturationSearch(1000, 1e6, 0.05, 20).run(rate -> rate <= 300);
        assertTrue(sustained <= 300 && sustained >= 285, "sustained " + sustained);
    }

    @Test
    void boundedByMaxStepsAndMaxRate() throws Exception {
        List<Double> tried = new ArrayList<>();
        SaturationSearch s = new SaturationSearch(1000, 4000, 0.05, 10);
        assertEquals(4000.0, s.run(rate -> tried.add(rate)));
        assertEquals(List.of(1000.0, 2000.0, 4000.0), tried);
        assertTrue(s.note().contains("--max-rate"));

        SaturationSearch never = new SaturationSearch(1000, 1e6, 0.05, 5);
        assertNull(never.run(rate -> false));
    }

    @Test
    void aMissThatDoesNotRepeatDoesNotEndTheSearch() throws Exception {
        List<Double> tried = new ArrayList<>();
        // Capacity 24k; one stall makes the first try at 2k miss.
        SaturationSearch s = new SaturationSearch(1000, 1e6, 0.1, 12, 1);
        Double sustained = s.run(rate -> {
            tried.add(rate);
            boolean stalled =
                    rate == 2000 && tried.stream().filter(r -> r == 2000).count() == 1;
            return !stalled && rate <= 24000;
        });
        assertEquals(List.of(1000.0, 2000.0, 2000.0, 4000.0), tried.subList(0, 4));
        assertTrue(sustained >= 24000 / 1.1 && sustained <= 24000, "sustained " + sustained + " after " + tried);
        assertTrue(s.note().contains("a miss at 2000 requests/s passed on its repeat"), s.note());

        // Without repeats the same stall decides the search: the behaviour the repeat exists for.
        Double anchored = new SaturationSearch(1000, 1e6, 0.1, 12, 0).run(new SaturationSearch.Step() {
            int twoK;

            @Override
            public boolean passes(double rate) {
                return !(rate == 2000 && ++twoK == 1) && rate <= 24000;
            }
        });
        assertTrue(anchored < 2000, "without repeats the stall at 2k caps the search: " + anchored);
    }

    @Test
    void aRealLimitIsConfirmedAndRepeatsCountAgainstMaxSteps() throws Exception {
        List<Double> tried = new ArrayList<>();
        SaturationSearch s = new SaturationSearch(1000, 1e6, 0.05, 20, 1);
        Double sustained = s.run(upTo(5300, tried));
        assertTrue(sustained <= 5300 && sustained >= 5300 / 1.05, "sustained " + sustained);
        assertEquals(List.of(1000.0, 2000.0, 4000.0, 8000.0, 8000.0), tried.subList(0, 5));
        assertTrue(s.note().startsWith("the SLO holds at"), s.note());

        List<Double> bounded = new ArrayList<>();
        new SaturationSearch(1000, 1e6, 0.05, 3, 2).run(rate -> {
            bounded.add(rate);
            return false;
        });
        assertEquals(3, bounded.size(), "repeats are steps too: " + bounded);
    }

    @Test
    void aStepsOwnRepeatsCountAgainstMaxStepsToo() throws Exception {
        // The step runs twice whenever a run is left for it, as a step on a contended CPU does.
        SaturationSearch s = new SaturationSearch(1000, 1e6, 0.05, 5, 1);
        int[] made = {0};
        s.run(rate -> {
            made[0]++;
            if (s.runs().left()) {
                s.runs().take();
                made[0]++;
            }
            return rate <= 3000;
        });
        assertEquals(5, made[0], "--max-steps 5 bounds every run, the step's repeats included");
        assertEquals(5, s.runs().made());
        assertTrue(s.note().contains("--max-steps 5 runs"), s.note());
    }
}
