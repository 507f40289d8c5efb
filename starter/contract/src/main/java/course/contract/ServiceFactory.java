package course.contract;

/**
 * Creates the student's (or the reference's) node. The class is named, together with the stage it implements, in
 * {@code submission.properties} (see {@link Submission}); tests and the grader create nodes only through it.
 * Implementations need a public no-argument constructor.
 */
public interface ServiceFactory {
    Service create(ServiceConfig config);
}
