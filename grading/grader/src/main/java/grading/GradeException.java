package grading;

/**
 * Bad input to the grader (options, a submission it cannot read): the message says what to do. An
 * IllegalArgumentException, so that one thrown by an option's setter is shown as that option's error, as the course's
 * command line shows every command's.
 */
final class GradeException extends IllegalArgumentException {
    GradeException(String message) {
        super(message);
    }
}
