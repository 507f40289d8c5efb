package course.wrk2;

/** A run that starts like wrk2 output but cannot be read; {@code line} is the 1-based line where reading stopped. */
final class UnreadableRunException extends Exception {
    final int line;

    UnreadableRunException(int line, String message) {
        super(message);
        this.line = line;
    }
}
