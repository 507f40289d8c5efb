package course.wrk2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void latenciesBecomeExactMilliseconds() {
        // Exact: the same double as typing the millisecond value by hand, not 1.23 / 1000 with its rounding error.
        assertEquals(0.00123, Units.millis("1.23us"));
        assertEquals(0.85, Units.millis("850.00us"));
        assertEquals(2.5, Units.millis("2.50ms"));
        assertEquals(1020.0, Units.millis("1.02s"));
        assertEquals(90000.0, Units.millis("1.50m"));
        assertEquals(7200000.0, Units.millis("2h"));
        assertEquals(0.814, Units.millis("0.814"), "the spectrum prints bare milliseconds");
    }

    @Test
    void durationsBecomeSeconds() {
        assertEquals(30.0, Units.seconds("30"));
        assertEquals(30.0, Units.seconds("30.00s"));
        assertEquals(120.0, Units.seconds("2m"));
        assertEquals(100.2, Units.seconds("1.67m"));
        assertEquals(3600.0, Units.seconds("1h"));
    }

    @Test
    void anUnreadableTimeSaysWhatItExpected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.millis("2.5 parsecs"));
        assertTrue(e.getMessage().contains("'2.5 parsecs'") && e.getMessage().contains("2.50ms"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Units.millis("1.5d"));
    }
}
