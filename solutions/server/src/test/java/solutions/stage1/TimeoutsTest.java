package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The connection timeouts a node reads when it starts: defaults, settings, and settings that make no sense. */
class TimeoutsTest {
    @AfterEach
    void clear() {
        System.clearProperty(Timeouts.IDLE_PROPERTY);
        System.clearProperty(Timeouts.HEADER_PROPERTY);
    }

    @Test
    void theDefaultsAreAMinuteIdleAndTenSecondsForHeaders() {
        assertEquals(new Timeouts(60_000, 10_000), Timeouts.fromSystemProperties());
    }

    @Test
    void systemPropertiesSetThem() {
        System.setProperty(Timeouts.IDLE_PROPERTY, "1500");
        System.setProperty(Timeouts.HEADER_PROPERTY, " 1000 ");
        assertEquals(new Timeouts(1500, 1000), Timeouts.fromSystemProperties());
    }

    @Test
    void aTimeoutOfZeroIsRefusedWhereverItComesFrom() {
        assertThrows(IllegalArgumentException.class, () -> new Timeouts(0, 1000));
        assertThrows(IllegalArgumentException.class, () -> new Timeouts(1000, 0));
    }

    @Test
    void aValueThatIsNotAPositiveNumberIsRefusedWithItsName() {
        for (String bad : new String[] {"0", "-5", "soon"}) {
            System.setProperty(Timeouts.HEADER_PROPERTY, bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Timeouts::fromSystemProperties);
            assertTrue(
                    e.getMessage().contains(Timeouts.HEADER_PROPERTY)
                            && e.getMessage().contains(bad),
                    e.getMessage());
        }
    }
}
