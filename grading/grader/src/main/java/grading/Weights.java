package grading;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** grading/weights.properties: each test class's category and points, and a test's own (see the file's header). */
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
                        + p.getProperty(testClass) + "' must be '<test class>[#<test method>] = <category> <points>'");
            }
        }
        return new Weights(map);
    }

    /** Every line: test classes, and tests ({@code CLASS#method}) with points of their own. */
    Map<String, Weight> classes() {
        return Collections.unmodifiableMap(byClass);
    }

    /**
     * What each of a run's tests (ids {@code CLASS#method}) is worth: a test with a line of its own ({@code CLASS#method
     * = category points}) its points, every other test an equal share of its class's points among the class's tests
     * of the run that have no line of their own (a class without a line: {@link #UNWEIGHTED}).
     */
    Map<String, Weight> forTests(Collection<String> ids) {
        Map<String, Integer> sharing = new LinkedHashMap<>();
        for (String id : ids) {
            if (!byClass.containsKey(id)) {
                sharing.merge(TestOutcome.className(id), 1, Integer::sum);
            }
        }
        Map<String, Weight> worth = new LinkedHashMap<>();
        for (String id : ids) {
            Weight own = byClass.get(id);
            if (own != null) {
                worth.put(id, own);
            } else {
                String testClass = TestOutcome.className(id);
                Weight w = byClass.getOrDefault(testClass, UNWEIGHTED);
                worth.put(id, new Weight(w.category(), w.points() / sharing.get(testClass)));
            }
        }
        return worth;
    }

    /** Whether the file weighs this test, by a line of its own or its class's. */
    boolean weighs(String id) {
        return byClass.containsKey(id) || byClass.containsKey(TestOutcome.className(id));
    }

    /** The weight of a test class, or null when the file has no line for it. */
    Weight of(String testClass) {
        return byClass.get(testClass);
    }
}
