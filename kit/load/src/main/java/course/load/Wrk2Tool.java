package course.load;

import course.command.UsageException;
import course.results.Environment;
import course.results.LoadRun;
import course.results.Results;
import course.wrk2.ParseResult;
import course.wrk2.Wrk2Parser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code --tool wrk2}: runs the real wrk2 with the course's canonical Lua scripts, parses its output with the kit's
 * wrk2 parser, and saves the same results JSON as the built-in generator (source.tool "wrk2", no .hlog: wrk2 writes
 * none).
 */
final class Wrk2Tool {
    static final String HOW_TO_GET = "wrk2 is not on PATH (looked for $WRK2, 'wrk2', and a 'wrk' that takes -R)."
            + " Build it from https://github.com/giltene/wrk2 (make, then copy the 'wrk' binary to a PATH directory"
            + " as 'wrk2'), or drop --tool to use the built-in generator, which follows the same model.";

    private Wrk2Tool() {}

    static int run(LoadOptions o, PrintStream out, PrintStream err)
            throws UsageException, IOException, InterruptedException, TargetUnreachableException {
        if (o.keyOrder() == KeyOrder.ZIPFIAN) {
            throw new UsageException("--key-order zipfian is only in the built-in generator; use uniform or"
                    + " sequential with --tool wrk2, or drop --tool");
        }
        if (!o.profile().isEmpty()) {
            throw new UsageException("--profile works with the built-in generator only; drop --tool or --profile");
        }
        String binary = findBinary();
        if (binary == null) {
            err.println("course load: " + HOW_TO_GET);
            return 1;
        }
        String problem = Reachability.problem(o.targets());
        if (problem != null) {
            throw new TargetUnreachableException(problem);
        }
        RunFiles files = RunFiles.of(o);
        Path scripts = Files.createTempDirectory("course-load-lua");
        try {
            Path script = extractScript(o.workload(), scripts);
            List<String> command = command(binary, o, script);
            try (Stabilizer stabilizer = LoadCommand.startStabilizer(o, err)) {
                ContentionProbe probe = ContentionProbe.start(o.targets());
                String text = runAndEcho(command, out, o.durationSeconds());
                LoadRun.Contention contention = probe.finish();
                contention.stabilize = stabilizer.decision();
                LoadRun run = toLoadRun(text, o, String.join(" ", command), contention, stabilizer.active());
                out.println(LoadRunner.contentionLine(contention));
                for (LoadRun.Flag flag : run.flags) {
                    out.println("WARNING (" + flag.kind + "): " + flag.message);
                }
                Results.writeAtomically(files.text(), text);
                Results.write(files.json(), run);
                out.println(
                        "Results: " + files.json() + " (with " + files.text().getFileName() + ")");
            }
            return 0;
        } finally {
            try (var list = Files.list(scripts)) {
                for (Path p : list.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(scripts);
        }
    }

    /** The results document of one wrk2 output, with what the output does not say filled in from the options. */
    static LoadRun toLoadRun(
            String text, LoadOptions o, String command, LoadRun.Contention contention, boolean stabilized)
            throws IOException {
        ParseResult parsed = Wrk2Parser.parse(text, "wrk2-output.txt");
        if (parsed.runs().isEmpty()) {
            throw new IOException("could not read wrk2's output: " + String.join("; ", parsed.problems())
                    + "\n--- output ---\n" + text);
        }
        LoadRun run = parsed.runs().get(0);
        run.source = new LoadRun.Source();
        run.source.tool = "wrk2";
        run.source.command = command;
        o.author().recordIn(run);
        run.stage = o.stage();
        run.label = o.label();
        LoadRunDocument.fillWorkload(run, o);
        run.workload.script = o.workload().label() + ".lua";
        run.targets = o.targets().stream().map(Target::url).toList();
        run.rate = o.rate();
        run.connections = o.connections();
        run.threads = o.threads();
        run.histogramLog = null;
        run.environment = Environment.probe();
        run.environment.heap = o.serverHeap();
        run.environment.stabilized = stabilized;
        run.steal = LoadRun.Steal.of(contention == null ? null : contention.stealPercent);
        run.contention = contention;
        List<LoadRun.Flag> flags = new ArrayList<>(run.flags == null ? List.of() : run.flags);
        // The parser reads wrk2's bare output, with no command line above it: what it could not infer (rate,
        // workload) the options below fill in, so its "unknown" notes do not hold for this run.
        flags.removeIf(f -> LoadRun.Flag.IMPORT.equals(f.kind)
                && (f.message.startsWith("target rate unknown") || f.message.startsWith("workload unknown")));
        double achieved = run.achievedRate == null ? 0 : run.achievedRate;
        // wrk2 does not report its own lag; the achieved rate and contention are what we can check.
        flags.addAll(LoadRunDocument.flags(o.rate(), achieved, 0, contention));
        if (run.errors != null) {
            Map<Integer, Long> byStatus = new TreeMap<>();
            run.errors.byStatus.forEach((code, n) -> byStatus.put(Integer.parseInt(code), n));
            String answers = AnswerCheck.judge(o.workload(), byStatus, run.errors.timeout, run.errors.read);
            if (answers != null) {
                flags.add(new LoadRun.Flag(LoadRun.Flag.UNEXPECTED_STATUS, answers));
            }
        }
        run.flags = flags;
        return run;
    }

    static List<String> command(String binary, LoadOptions o, Path script) {
        KeySource keys = new KeySource(o.keyOrder(), o.keys());
        int width = keys.format(0).length() - 1;
        String suffix = o.ack() == null ? "-" : "&ack=" + o.ack() + "&from=" + o.from();
        List<String> command = new ArrayList<>(List.of(
                binary,
                "-t",
                Integer.toString(o.threads()),
                "-c",
                Integer.toString(o.connections()),
                "-d",
                (long) Math.ceil(o.durationSeconds()) + "s",
                "-R",
                RunFiles.rateName(o.rate()),
                "--timeout",
                (long) Math.ceil(o.timeoutSeconds()) + "s",
                "-L",
                "-s",
                script.toString()));
        for (String header : o.headers()) {
            command.add("-H");
            command.add(header);
        }
        command.addAll(List.of(
                o.targets().get(0).url(),
                "--",
                Long.toString(o.keys()),
                o.keyOrder().label(),
                Integer.toString(width),
                Long.toString(o.seed()),
                suffix,
                Integer.toString(o.valueSize()),
                String.format(Locale.ROOT, "%.4f", o.putRatio()),
                Integer.toString(o.threads())));
        return command;
    }

    /** The line of the canonical script that names its workload; each extracted script sets its own there. */
    static final String WORKLOAD_LINE = "local workload = \"get\"";

    /**
     * Writes the canonical script of a workload ({@code get.lua}, {@code put.lua}, ...) where wrk2 can read it: the
     * one script in the jar with its workload line set, so the four scripts cannot drift apart.
     */
    static Path extractScript(WorkloadKind workload, Path dir) throws IOException {
        String name = workload.label() + ".lua";
        try (InputStream in = Wrk2Tool.class.getResourceAsStream("/course/load/lua/workload.lua")) {
            String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!text.contains(WORKLOAD_LINE)) {
                throw new IOException("the canonical script workload.lua is missing from kit-load's jar or lacks"
                        + " the line '" + WORKLOAD_LINE + "'; rebuild it");
            }
            Path script = dir.resolve(name);
            Files.writeString(script, text.replace(WORKLOAD_LINE, "local workload = \"" + workload.label() + "\""));
            return script;
        }
    }

    private static String runAndEcho(List<String> command, PrintStream out, double seconds)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                captured.write(buf, 0, n);
                out.write(buf, 0, n);
            }
        } finally {
            if (!p.waitFor((long) seconds + 30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        out.flush();
        if (p.exitValue() != 0) {
            throw new IOException("wrk2 exited with status " + p.exitValue() + " (its output is above)");
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    /**
     * The WRK2 environment variable (a path to wrk2's binary), else wrk2 on PATH, or a wrk that is wrk2 (its usage
     * lists -R); {@code null} when there is none.
     */
    static String findBinary() {
        String fromEnv = System.getenv("WRK2");
        if (fromEnv != null && !fromEnv.isBlank() && Files.isExecutable(Path.of(fromEnv))) {
            return fromEnv;
        }
        String wrk2 = Executables.find("wrk2");
        if (wrk2 != null) {
            return wrk2;
        }
        String wrk = Executables.find("wrk");
        if (wrk == null) {
            return null;
        }
        try {
            Process p =
                    new ProcessBuilder(wrk, "--help").redirectErrorStream(true).start();
            String usage = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(5, TimeUnit.SECONDS);
            return usage.contains("-R") || usage.contains("--rate") ? wrk : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
