package course.wrk2;

import course.command.PrintingCommand;
import course.results.LoadRun;
import course.results.Results;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code ./course import-wrk FILE... [--out DIR] [--student NAME] [--stage N]}: every run found in the files becomes
 * one results JSON, {@code DIR/<file name without extension>-<run>.json}, validated against the results schema and
 * written atomically.
 */
@Command(
        name = "import-wrk",
        synopsisHeading = "",
        customSynopsis = "usage: ./course import-wrk FILE... [--out DIR] [--student NAME] [--stage N]%n",
        description = {
            "Reads wrk2 outputs (plain .txt, or pasted into markdown reports) and writes one results JSON per run"
                    + " as DIR/<file name without extension>-<run number>.json (default DIR: results/imported).",
            ""
        },
        footer = {
            "",
            "Exit code: 0 when every file gave at least one run, 1 when some file gave none, 2 on bad" + " arguments."
        })
public final class ImportCommand extends PrintingCommand {
    /** What {@code --listing} leaves for a report that gave no run (the site's build reads it). */
    static final String ERROR_SUFFIX = ".import-error.txt";

    @Mixin
    private ImportArguments parsed = new ImportArguments();

    /** A command printing to {@code out} and {@code err}; {@link #execute} runs it on a command line. */
    public ImportCommand(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        System.exit(new ImportCommand(System.out, System.err).execute(args));
    }

    @Override
    public Integer call() {
        ImportArguments.Request arguments = parsed.checked();
        if (arguments.listing() != null) {
            return importListing(arguments);
        }
        for (Path file : arguments.files()) {
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                err.println("course import-wrk: " + file + ": "
                        + (Files.isDirectory(file) ? "is a directory" : "no such file")
                        + "; give the wrk2 output files (or reports) themselves");
                return 2;
            }
        }
        List<Path> withoutRuns = new ArrayList<>();
        Map<Path, Path> writtenFrom = new HashMap<>();
        int written = 0;
        for (Path file : arguments.files()) {
            int fromFile =
                    importFile(file, arguments.student(), arguments.stage(), arguments.out(), writtenFrom, out, err);
            written += fromFile;
            if (fromFile == 0) {
                withoutRuns.add(file);
            }
        }
        out.println("imported " + written + " run(s) from " + (arguments.files().size() - withoutRuns.size()) + " of "
                + arguments.files().size() + " file(s) into " + arguments.out());
        if (!withoutRuns.isEmpty()) {
            err.println("course import-wrk: no run imported from " + withoutRuns.size() + " file(s): "
                    + String.join(", ", withoutRuns.stream().map(Path::toString).toList()));
            return 1;
        }
        return 0;
    }

    /**
     * {@code --listing}: every listed report with its own student and stage, in this one JVM. A report that gives no
     * run leaves {@code <name>.import-error.txt} in the output folder with what was said about it (the site shows it
     * on the report's page); exit 1 then, as for files.
     */
    private int importListing(ImportArguments.Request arguments) {
        List<ListedReport> listed;
        try {
            listed = ListedReport.read(arguments.listing(), System.in);
            Files.createDirectories(arguments.out());
        } catch (IOException | IllegalArgumentException e) {
            err.println("course import-wrk: " + e.getMessage());
            return 2;
        }
        Map<Path, Path> writtenFrom = new HashMap<>();
        int written = 0;
        int withoutRuns = 0;
        for (ListedReport report : listed) {
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            PrintStream both = new PrintStream(said, true, StandardCharsets.UTF_8);
            int fromFile = 0;
            if (!Files.isRegularFile(report.file())) {
                both.println("course import-wrk: " + report.file() + ": no such file");
            } else {
                fromFile = importFile(
                        report.file(), report.student(), report.stage(), arguments.out(), writtenFrom, out, both);
            }
            err.print(said.toString(StandardCharsets.UTF_8));
            written += fromFile;
            if (fromFile == 0) {
                withoutRuns++;
                Path error = arguments
                        .out()
                        .resolve(FileNameHints.withoutExtension(report.file().toString()) + ERROR_SUFFIX);
                try {
                    Files.write(
                            error,
                            said.size() > 0
                                    ? said.toByteArray()
                                    : (report.file() + ": no run found\n").getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    err.println("course import-wrk: cannot write " + error + ": " + e.getMessage());
                }
            }
        }
        out.println("imported " + written + " run(s) from " + (listed.size() - withoutRuns) + " of " + listed.size()
                + " listed report(s) into " + arguments.out());
        return withoutRuns == 0 ? 0 : 1;
    }

    private static int importFile(
            Path file,
            String student,
            Integer stage,
            Path outDir,
            Map<Path, Path> writtenFrom,
            PrintStream out,
            PrintStream err) {
        String text;
        try {
            text = readLeniently(file);
        } catch (IOException e) {
            err.println("course import-wrk: " + file + ": cannot read: " + e.getMessage());
            return 0;
        }
        ParseResult result = Wrk2Parser.parse(text, file.toString());
        for (String problem : result.problems()) {
            err.println("warning: " + problem);
        }
        if (result.runs().isEmpty() && result.problems().isEmpty()) {
            err.println("warning: " + file + ": no wrk2 output found (no 'Running ... test @' header, latency"
                    + " distribution or 'Requests/sec:' line)");
        }
        int written = 0;
        String base = FileNameHints.withoutExtension(file.toString());
        for (LoadRun run : result.runs()) {
            run.student = student;
            run.stage = stage;
            Path target = outDir.resolve(base + "-" + run.source.block + ".json");
            Path earlier = writtenFrom.putIfAbsent(target.toAbsolutePath().normalize(), file);
            if (earlier != null) {
                err.println("course import-wrk: " + file + ": run " + run.source.block + " not written: " + target
                        + " was already written from " + earlier
                        + " (same file name); import them with different --out");
                continue;
            }
            try {
                Results.write(target, run);
            } catch (IOException | RuntimeException e) {
                err.println("course import-wrk: " + file + ": run " + run.source.block + " not written to " + target
                        + ": " + e.getMessage());
                continue;
            }
            written++;
            out.println(describe(file, run) + " -> " + target);
            for (String flag : run.flagMessages()) {
                out.println("    note: " + flag);
            }
        }
        return written;
    }

    /** One line per run: file, run number, workload, target and achieved rate, p50/p99/p99.9. */
    static String describe(Path file, LoadRun run) {
        return file.getFileName() + " #" + run.source.block + " " + run.workload.name
                + " rate=" + number(run.rate) + " achieved=" + number(run.achievedRate)
                + " p50=" + ms(run.percentile(50)) + " p99=" + ms(run.percentile(99))
                + " p99.9=" + ms(run.percentile(99.9));
    }

    private static String number(Double value) {
        return value == null
                ? "?"
                : BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static String ms(Double value) {
        return value == null ? "?" : number(value) + "ms";
    }

    /** Reports come in any encoding; wrk2's own lines are ASCII, so undecodable bytes may simply become U+FFFD. */
    private static String readLeniently(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .decode(ByteBuffer.wrap(bytes))
                .toString();
    }
}
