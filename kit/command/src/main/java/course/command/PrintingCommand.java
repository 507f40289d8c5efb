package course.command;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * A {@code ./course} subcommand that prints to the streams it is given (tests and in-process APIs pass their own). A
 * failure thrown from {@link #call} is printed by {@link CourseCommandLine}'s conventions ({@link UsageException} exits
 * 2, anything else 1), so a subclass's {@code call} says only what succeeds.
 */
public abstract class PrintingCommand extends CourseCommand {
    /** Streams for a command that is only parsed (an in-process API reads its options, nothing is printed). */
    protected static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    protected final PrintStream out;
    protected final PrintStream err;

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
}
