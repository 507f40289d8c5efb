package course.command;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A {@code ./course} subcommand that prints to the streams it is given (tests and in-process APIs pass their own):
 * {@code -h/--help}, the streams, and how it runs under {@link CourseCommandLine}'s conventions. A failure thrown from
 * {@link #call} is printed by those conventions ({@link UsageException} exits 2, anything else 1), so a subclass's
 * {@code call} says only what succeeds.
 */
public abstract class PrintingCommand implements Callable<Integer> {
    /** Streams for a command that is only parsed (an in-process API reads its options, nothing is printed). */
    protected static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    protected final PrintStream out;
    protected final PrintStream err;
    @Spec
    protected CommandSpec spec;
    @Mixin
    private HelpOption help;

    protected PrintingCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** Parses {@code args} and runs this command; returns the exit status (0 ok, 1 failed, 2 bad usage). */
    public final int execute(String... args) {
        return CourseCommandLine.execute(this, args, out, err);
    }

    /** Parses {@code args} into this command without running it; a bad command line is a {@link UsageException}. */
    protected final void parseOnly(String... args) throws UsageException {
        try {
            CourseCommandLine.parse(this, args);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** A rule between options found broken after parsing: a usage error (exit 2) like a bad option. */
    protected final ParameterException usage(Exception broken) {
        return CourseCommandLine.usage(spec, broken.getMessage());
    }
}
