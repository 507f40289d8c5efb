package course.profiler;

/** A bad command line: the message says what was wrong and what to do; the command exits with status 2. */
final class UsageException extends Exception {
    UsageException(String message) {
        super(message);
    }
}
