package solutions.stage1;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * How much heap a byte array really takes. Under G1 (the JVM's default collector, so what {@code ./course run} and
 * every student's node use) an array of at least half a region is "humongous" and takes whole regions: with the 1 MiB
 * regions of a 128 MiB heap, a 1 MiB value takes 2 MiB, so a budget that counts array lengths lets twice as much in
 * as it means to. Other collectors pack arrays tightly.
 */
public final class HeapFootprint {
    /** The size of a G1 region, or 0 when the collector is not G1. */
    private static final long G1_REGION_BYTES = g1RegionBytes();

    private static final int ARRAY_HEADER_BYTES = 16;

    private HeapFootprint() {}

    /** The heap an array of {@code length} bytes takes: rounded up to whole regions when G1 keeps it humongous. */
    public static long ofArray(long length) {
        long bytes = length + ARRAY_HEADER_BYTES;
        if (G1_REGION_BYTES == 0 || bytes < G1_REGION_BYTES / 2) {
            return length;
        }
        return (bytes + G1_REGION_BYTES - 1) / G1_REGION_BYTES * G1_REGION_BYTES;
    }

    private static long g1RegionBytes() {
        boolean g1 = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName)
                .anyMatch(name -> name.startsWith("G1"));
        if (!g1) {
            return 0;
        }
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return Long.parseLong(hotspot.getVMOption("G1HeapRegionSize").getValue());
        } catch (RuntimeException e) {
            return 1 << 20; // the region size of every heap up to 2 GiB
        }
    }
}
