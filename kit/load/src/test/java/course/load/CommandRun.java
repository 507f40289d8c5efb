package course.load;

import course.command.PrintingCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;

/** One run of a command as a user sees it: its exit status and what it printed. */
record CommandRun(int code, String out, String err) {
    static CommandRun of(BiFunction<PrintStream, PrintStream, PrintingCommand> command, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = command.apply(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))
                .execute(args);
        return new CommandRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static CommandRun load(String... args) {
        return of(LoadCommand::new, args);
    }

    static CommandRun saturate(String... args) {
        return of(SaturateCommand::new, args);
    }
}
