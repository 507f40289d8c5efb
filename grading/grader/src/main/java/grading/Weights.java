package grading;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** grading/weights.properties: each test class's category and points (see the file's header). */
final class Weights {
    static final String RESOURCE = "/grading/weights.properties";
    static final Weight UNWEIGHTED = new Weight("unweighted", 1);

    record Weight(String category, double points) {}

    private final Map<String, Weight> byClass;

    private Weights(Map<String, Weight> byClass) {
        this.byClass = byClass;
    }

    static Weights load() {
        Properties p = new Properties();
        try (InputStream in = Weights.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("grading/weights.properties is missing from the grader's jar; "
                        + "rebuild with ./course build");
            }
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e, e);
        }
        Map<String, Weight> map = new LinkedHashMap<>();
        for (String testClass : p.stringPropertyNames()) {
            String[] parts = p.getProperty(testClass).trim().split("\\s+");
            try {
                if (parts.length != 2 || Double.parseDouble(parts[1]) < 0) {
                    throw new NumberFormatException();
                }
                map.put(testClass, new Weight(parts[0], Double.parseDouble(parts[1])));
            } catch (NumberFormatException e) {
                throw new IllegalStateException("grading/weights.properties: '" + testClass + " = "
                        + p.getProperty(testClass) + "' must be '<test class> = <category> <points>'");
            }
        }
        return new Weights(map);
    }

    Map<String, Weight> classes() {
        return Collections.unmodifiableMap(byClass);
    }

    /** The weight of a test class, or null when the file has no line for it. */
    Weight of(String testClass) {
        return byClass.get(testClass);
    }
}
