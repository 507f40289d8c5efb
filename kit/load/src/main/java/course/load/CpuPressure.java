package course.load;

import java.nio.file.Path;

/**
 * The kernel's CPU pressure (PSI, Linux 4.20+): /proc/pressure/cpu's "some" line counts the microseconds during
 * which at least one runnable task waited for a CPU. Its growth over a run, as a share of the run's wall time, is how
 * much of the run something (the generator, the server, anyone) was kept off a CPU. Absent on kernels without PSI.
 */
final class CpuPressure {
    static final Path PROC_PRESSURE_CPU = Path.of("/proc/pressure/cpu");

    private CpuPressure() {}

    /** The "some" total in microseconds, or {@code null} where the file is missing or unreadable. */
    static Long someTotalUs() {
        return someTotalUs(PROC_PRESSURE_CPU);
    }

    static Long someTotalUs(Path file) {
        return ProcFiles.firstLine(file, "some ", CpuPressure::parseTotal);
    }

    /** {@code some avg10=0.00 avg60=0.00 avg300=0.00 total=12345} to 12345. */
    static Long parseTotal(String line) {
        for (String field : line.trim().split("\\s+")) {
            if (field.startsWith("total=")) {
                return Long.parseLong(field.substring("total=".length()));
            }
        }
        return null;
    }

    /** The share of {@code wallNs} with a task waiting, percent; {@code null} when either reading is missing. */
    static Double percent(Long beforeUs, Long afterUs, long wallNs) {
        if (beforeUs == null || afterUs == null || wallNs <= 0) {
            return null;
        }
        return 100.0 * (afterUs - beforeUs) * 1000 / wallNs;
    }
}
