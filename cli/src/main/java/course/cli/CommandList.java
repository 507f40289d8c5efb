package course.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The subcommands of {@code ./course}, read from {@code course/cli/commands.txt}: the one list that the shell
 * scripts' usage, this dispatcher and {@code ./course publish} all read, so a command is added in one line.
 */
record CommandList(List<Row> rows) {
    static final String RESOURCE = "course/cli/commands.txt";

    /** One line: the command, who has it (course, student, both), its Java class or null, what it does. */
    record Row(String name, String audience, String className, String summary, String example) {}

    static CommandList load() {
        InputStream in = CommandList.class.getClassLoader().getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException(RESOURCE + " is missing from the cli module; rebuild with ./course build");
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return parse(reader.lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static CommandList parse(List<String> lines) {
        List<Row> rows = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\|", -1);
            if (f.length != 5) {
                throw new IllegalStateException(RESOURCE + ": '" + line + "' should have 5 fields separated by |");
            }
            String cls = f[2].trim();
            rows.add(new Row(f[0].trim(), f[1].trim(), cls.equals("-") ? null : cls, f[3].trim(), f[4].trim()));
        }
        return new CommandList(List.copyOf(rows));
    }

    /** The Java class of {@code name}, or null when the name is not a Java command. */
    String classOf(String name) {
        return rows.stream()
                .filter(r -> r.name().equals(name) && r.className() != null)
                .map(Row::className)
                .findFirst()
                .orElse(null);
    }

    /** The Java commands whose classes this build has (a student repository lacks the course-only ones). */
    List<String> javaCommands() {
        return rows.stream()
                .filter(r -> r.className() != null && present(r.className()))
                .map(Row::name)
                .distinct()
                .toList();
    }

    static boolean present(String className) {
        String resource = className.replace('.', '/') + ".class";
        return CommandList.class.getClassLoader().getResource(resource) != null;
    }
}
