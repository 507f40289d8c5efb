package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The search itself, over a server model whose capacity is known exactly. */
class SaturationSearchTest {
    @Test
    void doublesThenBisectsToTheResolution() throws Exception {
        List<Double> tried = new ArrayList<>();
        SaturationSearch s = new SaturationSearch(1000, 1e6, 0.05, 20);
        Double sustained = s.run(rate -> {
            tried.add(rate);
            return rate <= 5300;
        });
        assertEquals(List.of(1000.0, 2000.0, 4000.0, 8000.0), tried.subList(0, 4));
        assertTrue(sustained <= 5300 && sustained >= 5300 / 1.05, "sustained " + sustained + " after " + tried);
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
}
