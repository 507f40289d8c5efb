package course.load;

import course.command.PrintingCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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

    /**
     * A command line as a user types it, {@code "--url %s -R 200 -d 1s --out %s"}: the words between spaces, each
     * {@code %s} in a word filled with the next value (a URL, a path: a value may hold spaces, a word does not).
     */
    static String[] words(String line, Object... values) {
        List<String> words = new ArrayList<>();
        int next = 0;
        for (String word : line.trim().split(" +")) {
            StringBuilder filled = new StringBuilder();
            int from = 0;
            for (int at = word.indexOf("%s"); at >= 0; at = word.indexOf("%s", from)) {
                if (next == values.length) {
                    throw new IllegalArgumentException("more %s than values in: " + line);
                }
                filled.append(word, from, at).append(values[next++]);
                from = at + 2;
            }
            words.add(filled.append(word.substring(from)).toString());
        }
        if (next != values.length) {
            throw new IllegalArgumentException((values.length - next) + " value(s) left over by: " + line);
        }
        return words.toArray(String[]::new);
    }
}
