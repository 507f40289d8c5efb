package course.tests.stage2;

import java.util.HashMap;
import java.util.Map;

/**
 * Sets the stage-2 system properties ({@code course.workers}, {@code course.queueCapacity}, ...) for the nodes a
 * test starts in this JVM, and puts the previous values back on close. Nodes read them when they start.
 */
final class WorkerProperties implements AutoCloseable {
    private final Map<String, String> previous = new HashMap<>();

    static WorkerProperties set(Map<String, String> values) {
        WorkerProperties p = new WorkerProperties();
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
