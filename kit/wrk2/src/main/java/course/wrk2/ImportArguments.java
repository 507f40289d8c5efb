package course.wrk2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The parsed command line of {@code import-wrk}; {@link #parse} throws with a message saying what was wrong. */
record ImportArguments(List<Path> files, Path out, String student, Integer stage, boolean help) {
    static final Path DEFAULT_OUT = Path.of("results", "imported");

    static final String USAGE = """
            usage: ./course import-wrk FILE... [--out DIR] [--student NAME] [--stage N]

            Reads wrk2 outputs (plain .txt, or pasted into markdown reports) and writes one results JSON per run as
            DIR/<file name without extension>-<run number>.json (default DIR: results/imported).

              --out DIR        where to write the JSON files
              --student NAME   record this student (name or pseudonym) in every run
              --stage N        record this stage (1, 2, ...) in every run
              --help           print this text

            Exit code: 0 when every file gave at least one run, 1 when some file gave none, 2 on bad arguments.
            """;

    static ImportArguments parse(String[] args) {
        List<Path> files = new ArrayList<>();
        Path out = DEFAULT_OUT;
        String student = null;
        Integer stage = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "-h", "--help" -> {
                    return new ImportArguments(List.of(), out, null, null, true);
                }
                case "--out" -> out = Path.of(value(args, ++i, arg));
                case "--student" -> student = value(args, ++i, arg);
                case "--stage" -> stage = stage(value(args, ++i, arg));
                default -> {
                    if (arg.startsWith("--out=")) {
                        out = Path.of(nonEmpty(arg.substring(6), "--out"));
                    } else if (arg.startsWith("--student=")) {
                        student = nonEmpty(arg.substring(10), "--student");
                    } else if (arg.startsWith("--stage=")) {
                        stage = stage(arg.substring(8));
                    } else if (arg.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option '" + arg + "'");
                    } else {
                        files.add(Path.of(arg));
                    }
                }
            }
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no input files: give one or more wrk2 outputs or markdown reports");
        }
        return new ImportArguments(List.copyOf(files), out, student, stage, false);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return nonEmpty(args[i], option);
    }

    private static String nonEmpty(String value, String option) {
        if (value.isBlank()) {
            throw new IllegalArgumentException(option + " needs a non-empty value");
        }
        return value;
    }

    private static int stage(String value) {
        try {
            int stage = Integer.parseInt(value.strip());
            if (stage >= 1) {
                return stage;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--stage wants a stage number 1, 2, ..., got '" + value + "'");
    }
}
