package course.load;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One run of a command as a user sees it: its exit status and what it printed. */
record CommandRun(int code, String out, String err) {
    /** A command's {@code run(args, out, err)}. */
    interface Command {
        int run(String[] args, PrintStream out, PrintStream err);
    }

    static CommandRun of(Command command, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = command.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CommandRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static CommandRun load(String... args) {
        return of(LoadCommand::run, args);
    }

    static CommandRun saturate(String... args) {
        return of(SaturateCommand::run, args);
    }
}
