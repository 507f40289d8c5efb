package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Our numbers print exactly as wrk2 prints them (expected strings are from real wrk2 outputs in the fixtures). */
class WrkUnitsTest {
    @ParameterizedTest(name = "{0} us prints as {1}")
    @CsvSource({"681, 681.00us", "970, 0.97ms", "4600, 4.60ms", "849, 849.00us", "1200000, 1.20s", "60000000, 1.00m"})
    void latencies(long micros, String printed) {
        assertEquals(printed, WrkUnits.timeUs(micros));
    }

    @Test
    void ratesAndBytes() {
        assertEquals("6.86k", WrkUnits.metric(6860));
        assertEquals("491.30", WrkUnits.metric(491.3));
        assertEquals("14.86M", WrkUnits.binary(14.86 * 1024 * 1024));
        assertEquals("434.88K", WrkUnits.binary(434.88 * 1024));
    }

    @Test
    void durations() {
        assertEquals("35s", WrkUnits.durationHeader(35));
        assertEquals("2m", WrkUnits.durationHeader(120));
        assertEquals("35.00s", WrkUnits.duration(35));
        assertEquals("2.50m", WrkUnits.duration(150));
    }
}
