package course.harness;

import java.util.HashMap;
import java.util.Map;

/**
 * Sets system properties that nodes read when they start (e.g. the stage-2 {@code course.workers}; nodes in JVMs of
 * their own get them through {@link JavaCommand#courseProperties()}) and puts the previous values back on close, so
 * one test's settings never leak into the next.
 */
public final class SystemProperties implements AutoCloseable {
    private final Map<String, String> previous = new HashMap<>();

    public static SystemProperties set(Map<String, String> values) {
        SystemProperties p = new SystemProperties();
        values.forEach((name, value) -> {
            p.previous.put(name, System.getProperty(name));
            System.setProperty(name, value);
        });
        return p;
    }

    @Override
    public void close() {
        previous.forEach((name, value) -> {
            if (value == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, value);
            }
        });
    }
}
