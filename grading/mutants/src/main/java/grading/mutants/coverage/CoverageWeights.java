package grading.mutants.coverage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * grading/weights.properties as the coverage page shows it: each test class's category and points, and the tests
 * ({@code CLASS#method}) with points of their own.
 */
public final class CoverageWeights {
    public static final String FILE = "grading/weights.properties";
    private static final Pattern LINE = Pattern.compile("^\\s*([\\w.$#]+)\\s*=\\s*(\\w+)\\s+(\\d+(?:\\.\\d+)?)\\s*$");

    /** One test class's line, or one test's. */
    public record Weight(String category, double points) {}

    private CoverageWeights() {}

    /**
     * The points of one test, as the grader counts them for a test run once: its own line's, else an equal share of
     * its class's among the class's tests ({@code tests}: every test, {@code CLASS#method}) without a line of their
     * own; a class without a line is 1 point.
     */
    public static double pointsOf(String test, Map<String, Weight> weights, List<String> tests) {
        Weight own = weights.get(test);
        if (own != null) {
            return own.points();
        }
        String testClass = test.substring(0, test.indexOf('#'));
        long sharing = tests.stream()
                .filter(t -> t.startsWith(testClass + "#") && !weights.containsKey(t))
                .count();
        Weight w = weights.get(testClass);
        return (w == null ? 1 : w.points()) / Math.max(1, sharing);
    }

    public static Map<String, Weight> read(Path root) {
        try {
            return parse(Files.readString(root.resolve(FILE)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // The grader reads the same file with its own parser (grading.Weights); this one only shows what it says.
    static Map<String, Weight> parse(String text) {
        Map<String, Weight> weights = new TreeMap<>();
        for (String line : text.lines().toList()) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                weights.put(m.group(1), new Weight(m.group(2), Double.parseDouble(m.group(3))));
            }
        }
        return weights;
    }
}
