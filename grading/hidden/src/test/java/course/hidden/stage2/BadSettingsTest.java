package course.hidden.stage2;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Stage;
import course.harness.SystemProperties;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Statement, "Settings": a bad value of a stage-2 property is rejected at start with an exception that names the
 * property. A node that falls back to a default instead runs with settings nobody asked for (a typo in
 * {@code -Dcourse.workers} and the experiment measures something else).
 */
@Stage(2)
class BadSettingsTest {
    /** Property and value, each clearly wrong: zero workers, words for numbers, unknown names, negative times. */
    private static final String[][] BAD = {
        {"course.workers", "0"},
        {"course.workers", "many"},
        {"course.queueCapacity", "-5"},
        {"course.queue", "stack"},
        {"course.virtualThreads", "yes"},
        {"course.deadlineMillis", "-1"},
        {"course.handlerDelayMillis", "-1"},
    };

    @Test
    @Checks({"s2-bad-setting", "c-failed-start-stopped"})
    void aBadSettingStopsTheStartAndNamesTheProperty() {
        List<String> problems = new ArrayList<>();
        for (String[] bad : BAD) {
            String setting = "-D" + bad[0] + "=" + bad[1];
            try (SystemProperties ignored = SystemProperties.set(Map.of(bad[0], bad[1]));
                    Cluster cluster = Cluster.started(1, NodeMode.IN_PROCESS, NodeJvm.QUICK_START)) {
                problems.add("a node started with " + setting + ": a bad setting must make start() throw");
            } catch (IOException | RuntimeException e) {
                StringBuilder messages = new StringBuilder();
                for (Throwable t = e; t != null; t = t.getCause()) {
                    messages.append(t.getMessage()).append('\n');
                }
                if (!messages.toString().contains(bad[0])) {
                    problems.add("start() with " + setting + " failed, but its error does not name the property: "
                            + messages);
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
