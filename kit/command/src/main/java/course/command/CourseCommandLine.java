package course.command;

import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * Runs a picocli command with the course's conventions, so every {@code ./course} subcommand behaves the same: bad
 * input prints {@code course <command>: <what was wrong>} and exits 2 (so does a {@link UsageException} thrown while
 * running), a failure while running prints the reason and exits 1, {@code --help} prints the generated usage to standard output and exits 0.
 */
public final class CourseCommandLine {
    /** Exit status of a bad command line. */
    public static final int USAGE = 2;
    /** Exit status of a command that started and failed. */
    public static final int FAILED = 1;

    private CourseCommandLine() {}

    /** Parses {@code args} into {@code command} (a picocli {@code @Command}) and runs it; returns the exit status. */
    public static int execute(Object command, String[] args, PrintStream out, PrintStream err) {
        return of(command, out, err).execute(args);
    }

    /**
     * The configured command line of {@code command} with {@code subcommands} (picocli {@code @Command} objects,
     * each named by its annotation), which get the same conventions: {@code ./course bench storage ...}.
     */
    public static CommandLine of(Object command, PrintStream out, PrintStream err, Object... subcommands) {
        CommandLine line = create(command);
        for (Object subcommand : subcommands) {
            line.addSubcommand(subcommand);
        }
        line.setUsageHelpWidth(USAGE_WIDTH); // reaches the subcommands only once they are added
        // Each writer encodes as the stream it wraps does (System.out: the console's stdout.encoding).
        line.setOut(new PrintWriter(out, true, out.charset()));
        line.setErr(new PrintWriter(err, true, err.charset()));
        line.setParameterExceptionHandler((e, args) -> {
            String name = displayName(e.getCommandLine().getCommandSpec());
            err.println(
                    name + ": " + message(e) + " (see " + (name.startsWith("java ") ? name : "./" + name) + " --help)");
            return USAGE;
        });
        line.setExecutionExceptionHandler((e, failed, parsed) -> {
            String name = displayName(failed.getCommandSpec());
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                err.println(name + ": interrupted");
                return FAILED;
            }
            err.println(name + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return e instanceof UsageException ? USAGE : FAILED;
        });
        return line;
    }

    /**
     * Parses {@code args} into {@code command} without running it (for typed APIs and option records). Returns true
     * when {@code --help} was asked for; a bad command line is an {@link IllegalArgumentException} with the message.
     */
    public static boolean parse(Object command, String... args) {
        CommandLine line = create(command);
        try {
            line.parseArgs(args);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(message(e), e);
        }
        return line.isUsageHelpRequested();
    }

    /** The generated {@code --help} text of {@code command}. */
    public static String usage(Object command) {
        return create(command).getUsageMessage();
    }

    // Wide enough that a usage line and an option's description stay on one line in a terminal of today.
    private static final int USAGE_WIDTH = 120;

    private static CommandLine create(Object command) {
        return new CommandLine(command).setUsageHelpWidth(USAGE_WIDTH);
    }

    /**
     * Parses {@code args} into {@code command} without running it: the command, or null when {@code --help} was asked
     * for; a bad command line is an {@link IllegalArgumentException} with the message.
     */
    public static <T> T parsed(T command, String... args) {
        return parse(command, args) ? null : command;
    }

    /**
     * What was wrong: an option setter's or converter's own {@link IllegalArgumentException} message when it threw
     * one (picocli wraps it in "Could not invoke ..." or "cannot convert ..."), a {@link ValueException} after the
     * name of the option it refused, else picocli's message.
     */
    public static String message(ParameterException e) {
        if (e.getCause() instanceof ValueException bad && e.getArgSpec() instanceof OptionSpec option) {
            return option.names()[0] + " " + bad.getMessage();
        }
        return e.getCause() instanceof IllegalArgumentException bad && bad.getMessage() != null
                ? bad.getMessage()
                : e.getMessage();
    }

    /** A bad value found after parsing (a rule between options); exits 2 like any other usage error. */
    public static ParameterException usage(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /**
     * {@code course load} whether the command runs alone or as a subcommand of {@code course}; an internal main that
     * no {@code ./course} subcommand runs names itself as it is started ({@code java course.harness.Ports}).
     */
    static String displayName(CommandSpec spec) {
        String name = spec.qualifiedName(" ");
        return name.startsWith("course ") || name.equals("course") || name.startsWith("java ")
                ? name
                : "course " + name;
    }
}
