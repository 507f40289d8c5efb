package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import course.harness.InProcessSuite.Outcome;
import course.harness.InProcessSuite.Status;
import course.harness.retry.FailsOnceSample;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class InProcessSuiteRetryTest {
    @Test
    void onlyTheFailedTestsRunAgainAndTheirSecondOutcomesTakeTheirPlaces() {
        FailsOnceSample.RUNS.clear();
        List<Outcome> first = InProcessSuite.run(List.of(selectClass(FailsOnceSample.class)), "a.Factory", 1);
        assertEquals(
                List.of("FAILED", "FAILED", "PASSED", "PASSED", "PASSED"),
                first.stream().map(o -> o.status().name()).sorted().toList(),
                first.toString());

        List<Outcome> second = InProcessSuite.retryFailed(first, "a.Factory", 1);

        assertEquals(first.size(), second.size(), second.toString());
        assertEquals(List.of(), second.stream().filter(Outcome::failed).toList());
        // In the order of the first run: each failed one replaced where it stood.
        assertEquals(
                first.stream().map(Outcome::id).toList(),
                second.stream().map(Outcome::id).toList());
        Map<String, Integer> runs = new TreeMap<>();
        FailsOnceSample.RUNS.forEach((k, v) -> runs.put(k, v.get()));
        assertEquals(
                Map.of("eachValue1", 1, "eachValue2", 1, "eachValue3", 2, "failsTheFirstTime", 2, "passes", 1), runs);
    }

    @Test
    void nothingRunsAgainWhenNothingFailed() {
        List<Outcome> passed = List.of(new Outcome("a.B#c", Status.PASSED, "", null));
        assertSame(passed, InProcessSuite.retryFailed(passed, "a.Factory", 1));
    }
}
