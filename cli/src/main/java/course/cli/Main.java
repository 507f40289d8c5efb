package course.cli;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * The Java side of {@code ./course}: runs the subcommand named by {@code commands.txt} (see {@link CommandList}).
 * Each command class has a {@code main(String[])} of its own on picocli (kit-command's {@code CourseCommandLine}):
 * generated {@code --help}, and a non-zero exit with a clear message on bad input.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Throwable {
        CommandList commands = CommandList.load();
        String name = args.length == 0 ? null : args[0];
        String className = name == null ? null : commands.classOf(name);
        if (className == null || !CommandList.present(className)) {
            System.err.println("course: unknown command " + (name == null ? "(none)" : "'" + name + "'")
                    + "; commands: " + String.join(", ", commands.javaCommands()));
            System.exit(2);
            return;
        }
        Method main = Class.forName(className).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
