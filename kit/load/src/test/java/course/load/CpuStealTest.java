package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CpuStealTest {
    @Test
    void stealIsItsShareOfAllCpuTimeBetweenSamples() {
        CpuSteal.Sample a = CpuSteal.parse("cpu  100 0 100 700 0 0 0 100 50 0");
        CpuSteal.Sample b = CpuSteal.parse("cpu  200 0 200 1300 0 0 0 300 90 0");
        // Deltas: user 100, system 100, idle 600, steal 200 of 1000 (guest is inside user, not added again).
        assertEquals(20.0, CpuSteal.percent(a, b), 1e-9);
    }

    @Test
    void absentWhereThereIsNoProcStat() {
        assertNull(CpuSteal.sample(Path.of("/nonexistent/proc/stat")));
        assertNull(CpuSteal.percent(null, CpuSteal.parse("cpu  1 2 3 4 5 6 7 8 9 10")));
    }
}
