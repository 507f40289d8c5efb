package course.wrk2;

import course.command.OutFolder;
import course.command.Stages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The command line of {@code import-wrk}; a bad one is picocli's usage error with a message saying what was wrong. */
final class ImportArguments {
    static final Path DEFAULT_OUT = Path.of("results", "imported");

    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    private final List<Path> files = new ArrayList<>();
    private Path out = DEFAULT_OUT;
    private String student;
    private Integer stage;
    private String listing;

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "wrk2 outputs (.txt) or markdown reports.")
    void files(List<Path> given) {
        files.addAll(given);
    }

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Where to write the JSON files. Default: results/imported.")
    void out(String dir) {
        out = Path.of(nonEmpty(dir, "--out"));
    }

    @Option(
            names = "--student",
            paramLabel = "NAME",
            description = "Record this student (name or pseudonym) in every run.")
    void student(String name) {
        student = nonEmpty(name, "--student");
    }

    @Option(names = "--stage", paramLabel = "N", description = "Record this stage (1, 2, ...) in every run.")
    void stage(String value) {
        int number;
        try {
            number = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            number = 0;
        }
        if (number < 1) {
            throw new ParameterException(
                    mixee.commandLine(), "--stage wants a stage number 1, 2, ..., got '" + value + "'");
        }
        try {
            stage = Stages.ofThisRepository().check(number);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), e.getMessage());
        }
    }

    @Option(
            names = "--listing",
            paramLabel = "FILE",
            description =
                    "Import the reports listed in FILE ('-': standard"
                            + " input), one JSON object a line, {\"file\": ..., \"student\": ..., \"stage\": N}, each with its own"
                            + " student and stage; a report that gives no run leaves <name>.import-error.txt in --out saying why.")
    void listing(String value) {
        listing = nonEmpty(value, "--listing");
    }

    /** What to import, as parsed and checked. */
    record Request(List<Path> files, Path out, String listing, String student, Integer stage) {}

    /** The request, or the usage error of a command line that names no file (or files and a listing). */
    Request checked() {
        if (listing != null) {
            if (!files.isEmpty() || student != null || stage != null) {
                throw new ParameterException(
                        mixee.commandLine(),
                        "--listing names the files, students and stages:"
                                + " give no FILE, --student or --stage with it");
            }
        } else if (files.isEmpty()) {
            throw new ParameterException(
                    mixee.commandLine(), "no input files: give one or more wrk2 outputs or markdown reports");
        }
        String outProblem = OutFolder.problem(out);
        if (outProblem != null) {
            throw new ParameterException(
                    mixee.commandLine(),
                    "--out " + out + ": " + outProblem + "; give the folder for the imported runs' files");
        }
        return new Request(List.copyOf(files), out, listing, student, stage);
    }

    private String nonEmpty(String value, String option) {
        if (value.isBlank()) {
            throw new ParameterException(mixee.commandLine(), option + " needs a non-empty value");
        }
        return value;
    }
}
