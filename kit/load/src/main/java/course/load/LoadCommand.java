package course.load;

import course.command.PrintingCommand;
import course.command.Stages;
import course.command.UsageException;
import course.results.LoadRun;
import course.results.Results;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./course load}: one constant-rate run in wrk2's model, printed like wrk2 and saved as results JSON. Takes
 * wrk2's own command line too ({@code -t1 -c8 -d20s -R1000 -L http://host:port/}), so a line from an earlier report
 * runs as it is.
 */
@Command(
        name = "load",
        resourceBundle = "course.load.LoadCommandOptions",
        sortOptions = false,
        synopsisHeading = "",
        customSynopsis = "usage: ./course load --url http://localhost:8080 -R RATE [options]%n"
                + "       ./course load -t1 -c8 -d20s -R1000 -L http://localhost:8080/   (wrk2's own syntax)%n",
        description = {
            "A constant request rate (wrk2's model): -R requests/second spread evenly over -c keep-alive"
                    + " connections and -t threads for -d. Latency is measured from when each request was due, so"
                    + " a stalled server is charged for the requests it kept waiting (no coordinated omission).",
            ""
        },
        footer = {
            "",
            "Writes X.json (course results), X.hlog (HdrHistogram log) and X.txt (the wrk2-format text).",
            "The JSON records who was measured: the node's factory, read from its command line when the URL's"
                    + " port is a node on this machine started by ./course run (else the factory= of"
                    + " submission.properties, marked as declared), and the student (--student, else student= of"
                    + " submission.properties)."
        })
public final class LoadCommand extends PrintingCommand {
    @Mixin
    private LoadOptions options = new LoadOptions();

    @Mixin
    private Wrk2Syntax wrk2 = new Wrk2Syntax();

    /** A command printing to {@code out} and {@code err}; {@link #execute} runs it on a command line. */
    public LoadCommand(PrintStream out, PrintStream err) {
        super(out, err);
    }

    // load's own options (saturate refuses them). One line an option: the help texts are in
    // LoadCommandOptions.properties, as those of the options load and saturate share (LoadOptions).
    @Option(
            names = {"-R", "--rate"},
            paramLabel = "N",
            order = 1,
            converter = Converters.Positive.class)
    void rate(double perSecond) {
        options.rate(perSecond);
    }

    @Option(
            names = {"-d", "--duration"},
            paramLabel = "T",
            order = 4,
            converter = Converters.Seconds.class)
    void duration(double seconds) {
        options.duration(seconds);
    }

    @Option(names = "--tool", paramLabel = "course-load|wrk2", order = 29)
    void tool(String name) {
        if (!name.equals("course-load") && !name.equals("wrk2")) {
            throw new IllegalArgumentException("--tool '" + name + "' is not one of course-load (the default), wrk2");
        }
        options.tool(name);
    }

    @Option(names = "--profile", paramLabel = "cpu,alloc,lock", order = 25)
    void profile(String events) {
        options.profile(LoadOptions.parseProfile(events));
    }

    @Option(names = "--server-pid", paramLabel = "PID", order = 26, converter = Converters.AtLeastOne.class)
    void serverPid(long pid) {
        options.serverPid(pid);
    }

    public static void main(String[] args) {
        System.exit(new LoadCommand(System.out, System.err).execute(args));
    }

    /** Parses a load command line into checked options without running it (tests and the in-process API). */
    static LoadOptions parse(String... args) throws UsageException {
        LoadCommand command = new LoadCommand(QUIET, QUIET);
        command.parseOnly(args);
        return command.checked(Arrays.asList(args));
    }

    /** The options with the wrk2 words applied and every rule between options checked. */
    private LoadOptions checked(List<String> words) throws UsageException {
        wrk2.applyTo(options, err);
        options.commandLine(words);
        options.validate(true);
        return options;
    }

    @Override
    public Integer call() throws Exception {
        LoadOptions o;
        try {
            o = checked(spec.commandLine().getParseResult().originalArgs());
            Stages registry = Stages.ofThisRepository();
            o.stage(registry.resolveAndSay("course load", o.stage(), err));
            o.author(Author.of(o.targets(), o.student(), registry.declaration()));
            err.println(o.author().describe("course load"));
        } catch (UsageException | IllegalArgumentException e) {
            throw usage(e);
        }
        return execute(o, out, err);
    }

    private static int execute(LoadOptions o, PrintStream out, PrintStream err)
            throws UsageException, TargetUnreachableException, IOException, InterruptedException {
        if (o.tool().equals("wrk2")) {
            return Wrk2Tool.run(o, out, err);
        }
        RunFiles files = RunFiles.of(o);
        try (ServerProfiling profiling = ServerProfiling.start(o, files, err);
                Stabilizer stabilizer = startStabilizer(o, err)) {
            new LoadRunner(out, err).measure(o, stabilizer, files);
            recordProfiles(files, profiling.finish(out));
            return 0;
        }
    }

    /** Adds the flame graphs to the run's JSON, so reports and the site find them next to the run. */
    private static void recordProfiles(RunFiles files, List<Path> graphs) throws IOException {
        if (graphs.isEmpty()) {
            return;
        }
        LoadRun run = Results.read(files.json(), LoadRun.class);
        Path dir = files.json().toAbsolutePath().getParent();
        run.profiles = graphs.stream()
                .map(g -> dir.relativize(g.toAbsolutePath()).toString())
                .toList();
        Results.write(files.json(), run);
    }

    /**
     * Starts the busy loops when asked, or by default when a steal probe says they help (StabilizeDecision); an
     * inactive one otherwise. The stabilizer keeps the decision and its evidence for the run's JSON.
     */
    static Stabilizer startStabilizer(LoadOptions o, PrintStream err) throws InterruptedException {
        return Stabilizer.forDecision(StabilizeDecision.decide(o.stabilize()), err);
    }
}
