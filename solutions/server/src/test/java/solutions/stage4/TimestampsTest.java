package solutions.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A node's timestamps rise strictly, even when its clock stands still or steps back (NTP): two writes never tie. */
class TimestampsTest {
    @Test
    void aClockThatStandsStillOrStepsBackStillGivesRisingTimestamps() {
        AtomicLong clock = new AtomicLong(1_000);
        Timestamps timestamps = new Timestamps(clock::get);
        assertEquals(1_000, timestamps.next());
        assertEquals(1_001, timestamps.next(), "the clock stood still");
        clock.set(500);
        assertEquals(1_002, timestamps.next(), "the clock stepped back");
        clock.set(5_000);
        assertEquals(5_000, timestamps.next(), "the clock went on");
    }
}
