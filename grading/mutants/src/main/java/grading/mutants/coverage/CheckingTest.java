package grading.mutants.coverage;

import java.util.List;

/**
 * One public or hidden test method and the sentences it names ({@code @Checks} on it and on its class).
 *
 * @param id {@code fully.qualified.TestClass#method}
 */
public record CheckingTest(String id, List<String> sentences) {
    public String testClass() {
        return id.substring(0, id.indexOf('#'));
    }

    /** The id without the package, as the page shows it. */
    public String shortId() {
        return id.substring(id.lastIndexOf('.', id.indexOf('#')) + 1);
    }

    /** Whether a mutant's {@code caughtBy} (a class, or a class#method with or without parameters) is this test. */
    public boolean isCaughtBy(String caughtBy) {
        String plain = caughtBy.replaceFirst("\\(.*", "");
        return plain.contains("#") ? plain.equals(id) : plain.equals(testClass());
    }
}
