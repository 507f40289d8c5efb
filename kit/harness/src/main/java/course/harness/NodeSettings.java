package course.harness;

import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code name=value} settings of {@link WithCluster#settings}, read into the properties the nodes start with. */
final class NodeSettings {
    private NodeSettings() {}

    /**
     * Each entry split at its first {@code =} (a value may hold more). An entry without one, with an empty name or
     * given twice is refused with what was wrong: a typo must not start the nodes with their defaults unnoticed.
     */
    static Map<String, String> parse(String[] settings) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String setting : settings) {
            int equals = setting.indexOf('=');
            String name = equals < 0 ? "" : setting.substring(0, equals).strip();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("@WithCluster(settings = ...): '" + setting
                        + "' is not name=value; write each setting as a user gives it with -D, e.g. course.workers=16");
            }
            if (properties.put(name, setting.substring(equals + 1)) != null) {
                throw new IllegalArgumentException(
                        "@WithCluster(settings = ...): " + name + " is given twice; give each setting once");
            }
        }
        return properties;
    }
}
