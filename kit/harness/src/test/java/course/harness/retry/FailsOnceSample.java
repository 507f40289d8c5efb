package course.harness.retry;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Not a test of its own (no Test in its name): {@code InProcessSuiteRetryTest} runs it in-process. Counts each run of
 * each test; {@code failsTheFirstTime} and the third invocation of {@code eachValue} fail on their first run only.
 */
public class FailsOnceSample {
    public static final Map<String, AtomicInteger> RUNS = new ConcurrentHashMap<>();

    private static int ran(String name) {
        return RUNS.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet();
    }

    @Test
    void passes() {
        ran("passes");
    }

    @Test
    void failsTheFirstTime() {
        assertTrue(ran("failsTheFirstTime") > 1, "first run");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void eachValue(int value) {
        int n = ran("eachValue" + value);
        assertTrue(value != 3 || n > 1, "value 3, first run");
    }
}
