package course.profiler;

import java.util.Locale;

/** Formats a flame graph weight in its event's unit: bytes as KiB/MiB, nanoseconds as ms/s, samples as counts. */
final class Units {
    private Units() {
    }

    static String format(long value, ProfilerEvent event) {
        return switch (event.unit()) {
            case "bytes" -> bytes(value);
            case "ns" -> nanos(value);
            default -> value + " " + event.unit();
        };
    }

    private static String bytes(long value) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = value;
        int unit = 0;
        while (v >= 1024 && unit < units.length - 1) {
            v /= 1024;
            unit++;
        }
        return unit == 0 ? value + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[unit]);
    }

    private static String nanos(long value) {
        if (value >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.2f s", value / 1e9);
        }
        if (value >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.1f ms", value / 1e6);
        }
        if (value >= 1_000L) {
            return String.format(Locale.ROOT, "%.1f us", value / 1e3);
        }
        return value + " ns";
    }
}
