package grading.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * Which tests the sandboxed test JVM ({@link SandboxedTestRunner}) runs: the test {@code packages} (only classes
 * whose name ends with {@code only}, when given), or exactly the {@code tests} named {@code CLASS#METHOD} (a failed
 * test run once more). With {@code handedOut}, the packages are planned whole but their classes run one at a time as
 * the grader names them on stdin ({@link SandboxedTestRunner#NEXT}), so that test JVMs side by side take the next
 * class as they finish one. It crosses the sandbox's process boundary as a properties document on the JVM's stdin,
 * after the report secret's line and up to the line {@link #END} (properties, not JSON: the test JVM's classpath holds
 * no JSON library the submission would then see).
 */
public record SandboxPlan(List<String> packages, String only, List<String> tests, boolean handedOut) {
    /** The line after the plan: what follows on stdin is the classes handed out. */
    static final String END = "# end of plan";

    public SandboxPlan {
        packages = List.copyOf(packages);
        tests = List.copyOf(tests);
        if (packages.isEmpty() == tests.isEmpty()) {
            throw new IllegalArgumentException("a plan runs test packages or named tests, exactly one of them: "
                    + "packages " + packages + ", tests " + tests);
        }
        if (handedOut && packages.isEmpty()) {
            throw new IllegalArgumentException(
                    "classes are handed out from test packages, not from named tests " + tests);
        }
        for (String test : tests) {
            if (test.indexOf('#') <= 0 || test.endsWith("#")) {
                throw new IllegalArgumentException("a named test is CLASS#METHOD, got '" + test + "'");
            }
        }
    }

    /** The plan as a properties document and its end line. */
    public String write() {
        Properties p = new Properties();
        p.setProperty("packages", String.join(",", packages));
        p.setProperty("tests", String.join(",", tests));
        p.setProperty("handedOut", String.valueOf(handedOut));
        if (only != null) {
            p.setProperty("only", only);
        }
        StringWriter text = new StringWriter();
        try {
            p.store(text, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text + END + "\n";
    }

    /**
     * The plan {@link #write} wrote, read up to its end line (the rest of {@code in} is left unread); a missing or
     * broken one is an {@link IllegalArgumentException}.
     */
    public static SandboxPlan read(BufferedReader in) throws IOException {
        StringBuilder document = new StringBuilder();
        for (String line; (line = in.readLine()) != null && !line.equals(END); ) {
            document.append(line).append('\n');
        }
        Properties p = new Properties();
        p.load(new StringReader(document.toString()));
        if (!p.containsKey("packages") || !p.containsKey("tests")) {
            throw new IllegalArgumentException("no plan: expected 'packages=' and 'tests=' lines after the report"
                    + " secret on stdin, got " + p.stringPropertyNames());
        }
        return new SandboxPlan(
                list(p.getProperty("packages")),
                p.getProperty("only"),
                list(p.getProperty("tests")),
                Boolean.parseBoolean(p.getProperty("handedOut")));
    }

    static SandboxPlan read(String text) throws IOException {
        return read(new BufferedReader(new StringReader(text)));
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
