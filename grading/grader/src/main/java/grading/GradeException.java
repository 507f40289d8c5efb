package grading;

/** Bad input to the grader (options, a submission it cannot read): the message says what to do. */
final class GradeException extends RuntimeException {
    GradeException(String message) {
        super(message);
    }
}
