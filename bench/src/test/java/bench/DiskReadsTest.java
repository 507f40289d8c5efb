package bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DiskReadsTest {
    @Test
    void aPhaseLineSaysWhatWasReadPerOperation() {
        DiskReads before = new DiskReads(1 << 20, 10);
        DiskReads after = new DiskReads(3 << 20, 30);
        assertEquals("; disk: 2.0 MiB read (1.0 KiB per op), 20 major faults (0.01 per op)", after.since(before, 2048));
    }

    @Test
    void nothingIsPrintedWhereTheCountersCannotBeRead() {
        assertEquals("", new DiskReads(-1, -1).since(new DiskReads(-1, -1), 100));
    }

    @Test
    void thisProcessesCountersAreReadOnLinux() {
        if (System.getProperty("os.name").startsWith("Linux")) {
            DiskReads now = DiskReads.now();
            assertTrue(now.bytes() >= 0 && now.majorFaults() >= 0, now.toString());
        }
    }
}
