package course.cli;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Java side of {@code ./course}: maps a subcommand to the module that implements it. Each command class has a
 * {@code main(String[])} of its own, handles {@code --help}, and exits non-zero with a clear message on bad input.
 */
public final class Main {
    private static final Map<String, String> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("run", "course.harness.RunCommand");
        COMMANDS.put("launch", "course.contract.Launcher");
        COMMANDS.put("load", "course.load.LoadCommand");
        COMMANDS.put("saturate", "course.load.SaturateCommand");
        COMMANDS.put("profile", "course.profiler.ProfileCommand");
        COMMANDS.put("import-wrk", "course.wrk2.ImportCommand");
        COMMANDS.put("bench", "bench.BenchCommand");
        COMMANDS.put("grade", "grading.GradeCommand");
    }

    private Main() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length == 0 || !COMMANDS.containsKey(args[0])) {
            System.err.println("course: unknown command " + (args.length == 0 ? "(none)" : "'" + args[0] + "'")
                    + "; commands: " + String.join(", ", COMMANDS.keySet()));
            System.exit(2);
        }
        String className = COMMANDS.get(args[0]);
        Method main;
        try {
            main = Class.forName(className).getMethod("main", String[].class);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            System.err.println("course: '" + args[0] + "' is not built into this checkout (" + className + " missing)");
            System.exit(2);
            return;
        }
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
