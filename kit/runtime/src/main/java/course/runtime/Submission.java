package course.runtime;

import course.contract.ServiceFactory;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Properties;

/**
 * Which factory is under test and which stage it claims to implement.
 *
 * <p>A student declares both in {@code src/main/resources/submission.properties}:
 * <pre>
 * factory=student.StudentServiceFactory
 * stage=1
 * </pre>
 * The system properties {@code course.factory} and {@code course.stage} override the file (that is how the course
 * runs the public tests against its reference solutions). Tests run exactly this factory and only the tests of
 * stages up to {@code stage}: never "the highest stage found on the classpath".
 */
public record Submission(String factoryClass, int stage) {
    public static final String RESOURCE = "submission.properties";
    private static final String COURSE_VARIANTS = "grading.";
    private static final String REFERENCES = "solutions.";

    public static Submission current() {
        Properties declared = new Properties();
        try (InputStream in = Submission.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in != null) {
                declared.load(in);
            }
        } catch (IOException e) {
            throw new DeclarationException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
        String factory = System.getProperty("course.factory", declared.getProperty("factory"));
        String stage = System.getProperty("course.stage", declared.getProperty("stage"));
        if (factory == null || factory.isBlank() || stage == null || stage.isBlank()) {
            throw new DeclarationException(
                    "no submission declared: put 'factory=<your ServiceFactory class>' and "
                            + "'stage=<N>' into src/main/resources/" + RESOURCE
                            + " (or pass -Dcourse.factory=... -Dcourse.stage=...)",
                    null);
        }
        try {
            return new Submission(factory.trim(), Integer.parseInt(stage.trim()));
        } catch (NumberFormatException e) {
            throw new DeclarationException("stage in " + RESOURCE + " must be a number, got '" + stage + "'", e);
        }
    }

    /**
     * The top-level packages of the submission's code, as its frames start in a thread dump: the factory's own
     * ("student." for a student). The course's mutants and variants (in "grading.") each wrap a reference, so their
     * requests run in the references' code ("solutions.") too.
     */
    public List<String> codePackages() {
        int dot = factoryClass.indexOf('.');
        String root = dot < 0 ? factoryClass : factoryClass.substring(0, dot + 1);
        return root.equals(COURSE_VARIANTS) ? List.of(root, REFERENCES) : List.of(root);
    }

    /** Whether a thread dump's frame ({@code "at "} and all) is one of the submission's code. */
    public boolean ownsFrame(String frame) {
        String method = frame.strip().replaceFirst("^at ", "");
        return codePackages().stream().anyMatch(method::startsWith);
    }

    public ServiceFactory newFactory() {
        return instantiate(factoryClass);
    }

    /** Creates a factory by class name, with a message that says what is wrong with the declaration. */
    public static ServiceFactory instantiate(String className) {
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new DeclarationException("declared factory class " + className + " is not on the classpath", e);
        }
        if (!ServiceFactory.class.isAssignableFrom(type)) {
            throw new DeclarationException(className + " does not implement " + ServiceFactory.class.getName(), null);
        }
        try {
            return (ServiceFactory) type.getDeclaredConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw new DeclarationException(className + " needs a public no-argument constructor", e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(className + " constructor failed: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new DeclarationException("cannot create " + className + ": " + e, e);
        }
    }

    /**
     * A declaration that names no factory the course can create (missing, unreadable, not a ServiceFactory, no public
     * no-argument constructor): the message says what to fix, and no code of the submission ran. A constructor that
     * throws is not one: that failure is the submission's own, with its stack trace.
     */
    public static final class DeclarationException extends IllegalStateException {
        DeclarationException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
