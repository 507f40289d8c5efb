package course.load;

/** A bad command line: the message says what was wrong and what to do; the command exits with status 2. */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message);
    }
}
