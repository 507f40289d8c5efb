package course.load;

/** A target refused or timed out the pre-run connection check; the message says which and what to do. */
final class TargetUnreachableException extends Exception {
    TargetUnreachableException(String message) {
        super(message);
    }
}
