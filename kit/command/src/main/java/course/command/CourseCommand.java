package course.command;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A picocli command of the course, run through {@link CourseCommandLine}: it takes {@code -h/--help} and reports a
 * rule between its options found broken after parsing as a usage error, like a bad option.
 */
public abstract class CourseCommand implements Callable<Integer> {
    @Spec
    protected CommandSpec spec;

    @Mixin
    // picocli reads the mixin (--help).
    @SuppressWarnings("UnusedVariable")
    private HelpOption help;

    /** A rule between options found broken after parsing: a usage error (exit 2) like a bad option. */
    protected final ParameterException usage(String message) {
        return CourseCommandLine.usage(spec, message);
    }

    /** {@link #usage(String)} with the message of {@code broken}. */
    protected final ParameterException usage(Exception broken) {
        return usage(broken.getMessage());
    }
}
