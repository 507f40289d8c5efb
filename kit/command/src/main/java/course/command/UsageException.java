package course.command;

/**
 * A bad command line found by a command's own checks (a rule between options, a value an API was given): the message
 * says what was wrong and what to do. Thrown while a command runs, {@link CourseCommandLine} prints it and exits 2.
 */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message);
    }
}
