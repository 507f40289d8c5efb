package grading;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The grader's check of a command line it must refuse: refused before anything runs, with a message that says why. */
final class RefusedOptions {
    private RefusedOptions() {}

    /**
     * Checks that {@code ./course grade} refuses {@code commandLine} (its words between spaces, as a user types them)
     * with a message that contains {@code says}.
     */
    static void assertRefused(String commandLine, String says) {
        String[] args = commandLine.split(" ");
        GradeException e = assertThrows(GradeException.class, () -> GradeOptions.parse(args));
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }
}
