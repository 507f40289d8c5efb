package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class CpuStealTest {
    @Test
    void stealIsItsShareOfTheCpusWallTimeBetweenReadings() {
        // cpu user nice system idle iowait irq softirq steal guest guest_nice; 2 CPUs, 5 s apart: 1,000 ticks of wall
        MachineCpu a = MachineCpu.of("cpu  100 0 100 700 0 0 0 100 50 0", 5.0, 2);
        MachineCpu b = MachineCpu.of("cpu  200 0 200 1300 0 0 0 300 90 0", 10.0, 2);
        assertEquals(20.0, CpuSteal.percent(a, b), 1e-9);
    }

    /**
     * Three seconds on two CPUs (600 ticks of wall time) in which the kernel lost the ticks of user and system time,
     * as the course VM's tick accounting did for seconds at a time: the columns summed grew by 324 only, so 24 ticks of
     * steal read as 7.4%, over the 5% at which a run is flagged. Of the wall time they are 4%.
     */
    @Test
    void userAndSystemTicksTheKernelLostDoNotInflateSteal() {
        MachineCpu before = MachineCpu.of("cpu  40000 0 9000 150000 0 0 0 1000 0 0", 1000.0, 2);
        MachineCpu after = MachineCpu.of("cpu  40000 0 9000 150300 0 0 0 1024 0 0", 1003.0, 2);
        assertEquals(4.0, CpuSteal.percent(before, after), 1e-9);
    }

    @Test
    void absentWithoutTwoReadingsOrWhenNoTimePassed() {
        MachineCpu one = MachineCpu.of("cpu  1 2 3 4 5 6 7 8 9 10", 10.0, 2);
        assertNull(CpuSteal.percent(null, one));
        assertNull(CpuSteal.percent(one, null));
        assertNull(CpuSteal.percent(one, one));
        assertNull(MachineCpu.of("cpu  1 2 3 4 5 6 7", 10.0, 2), "a line without a steal column");
    }
}
