package grading.mutants.coverage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** grading/weights.properties as the coverage page shows it: each test class's category and points. */
public final class Weights {
    public static final String FILE = "grading/weights.properties";
    private static final Pattern LINE = Pattern.compile("^\\s*([\\w.$]+)\\s*=\\s*(\\w+)\\s+(\\d+(?:\\.\\d+)?)\\s*$");

    /** One test class's line. */
    public record Weight(String category, double points) {}

    private Weights() {}

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
