package course.wrk2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnitsTest {
    // Exact: the same double as typing the millisecond value by hand, not 1.23 / 1000 with its rounding error.
    // A bare number is milliseconds: the spectrum prints them so.
    @ParameterizedTest(name = "{0} is {1} ms")
    @CsvSource({
        "1.23us, 0.00123",
        "850.00us, 0.85",
        "2.50ms, 2.5",
        "1.02s, 1020.0",
        "1.50m, 90000.0",
        "2h, 7200000.0",
        "0.814, 0.814"
    })
    void latenciesBecomeExactMilliseconds(String text, double millis) {
        assertEquals(millis, Units.millis(text));
    }

    @ParameterizedTest(name = "{0} is {1} s")
    @CsvSource({"30, 30.0", "30.00s, 30.0", "2m, 120.0", "1.67m, 100.2", "1h, 3600.0"})
    void durationsBecomeSeconds(String text, double seconds) {
        assertEquals(seconds, Units.seconds(text));
    }

    @Test
    void anUnreadableTimeSaysWhatItExpected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.millis("2.5 parsecs"));
        assertTrue(e.getMessage().contains("'2.5 parsecs'") && e.getMessage().contains("2.50ms"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Units.millis("1.5d"));
    }
}
