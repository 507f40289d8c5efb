package course.load;

import course.command.UsageException;
import course.load.Converters.AtLeastOne;
import course.load.Converters.AtLeastZero;
import course.load.Converters.Connections;
import course.load.Converters.Fraction;
import course.load.Converters.HeapFlag;
import course.load.Converters.Order;
import course.load.Converters.Replicas;
import course.load.Converters.Seconds;
import course.load.Converters.StageNumber;
import course.load.Converters.Threads;
import course.load.Converters.ValueSize;
import course.load.Converters.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Everything a load run is told on the command line, validated; shared by {@code load} and {@code saturate}. */
@Command(resourceBundle = "course.load.LoadCommandOptions")
public final class LoadOptions {
    /** How each connection is given one of several targets. */
    public enum Pick {
        ROUND_ROBIN,
        RANDOM
    }

    public static final List<String> PROFILE_EVENTS = List.of("cpu", "alloc", "lock");

    private List<Target> targets = new ArrayList<>();
    private Double rate;
    private double durationSeconds = 10;
    private String tool = "course-load";
    private List<String> profile = List.of();
    private Long serverPid;
    private boolean progress = true;
    private List<String> headers = List.of();
    private boolean uncorrectedLatency;
    private Author author;
    private final List<String> commandLine = new ArrayList<>();

    LoadOptions() {}

    LoadOptions copy() {
        LoadOptions c = new LoadOptions();
        c.targets = targets;
        c.rate = rate;
        c.connections = connections;
        c.threads = threads;
        c.durationSeconds = durationSeconds;
        c.timeoutSeconds = timeoutSeconds;
        c.workload = workload;
        c.keys = keys;
        c.keyOrder = keyOrder;
        c.valueSize = valueSize;
        c.putRatio = putRatio;
        c.ack = ack;
        c.from = from;
        c.pick = pick;
        c.seed = seed;
        c.out = out;
        c.label = label;
        c.student = student;
        c.stage = stage;
        c.stabilize = stabilize;
        c.tool = tool;
        c.profile = profile;
        c.serverPid = serverPid;
        c.serverHeap = serverHeap;
        c.progress = progress;
        c.headers = headers;
        c.warmupSeconds = warmupSeconds;
        c.uncorrectedLatency = uncorrectedLatency;
        c.author = author;
        c.commandLine.addAll(commandLine);
        return c;
    }

    /** Parses the options of {@code course load} (as typed on its command line) into checked options. */
    public static LoadOptions parse(String... args) throws UsageException {
        return LoadCommand.parse(args);
    }

    /** The words the user typed, recorded in the results so a run can be repeated. */
    void commandLine(List<String> words) {
        commandLine.clear();
        commandLine.addAll(words);
    }

    // The options load and saturate share. Each converter parses its value with the course's notation (20k, 30s,
    // 10%) and refuses a bad one with the course's own message, which picocli reports as the usage error. The help
    // texts are in LoadCommandOptions.properties (picocli's resource bundle), except one computed here.

    @Option(
            names = {"-u", "--url"},
            paramLabel = "URL[,URL..]",
            order = 10)
    void urls(String text) {
        targets = new ArrayList<>();
        for (String u : text.split(",")) {
            if (!u.isBlank()) {
                targets.add(Target.parse(u));
            }
        }
    }

    @Option(
            names = {"-c", "--connections"},
            paramLabel = "N",
            order = 2,
            converter = Connections.class)
    int connections = 10;

    @Option(
            names = {"-t", "--threads"},
            paramLabel = "N",
            order = 3,
            converter = Threads.class)
    int threads = 2;

    @Option(names = "--timeout", paramLabel = "T", order = 5, converter = Seconds.class)
    double timeoutSeconds = 2;

    @Option(names = "--pick", paramLabel = "P", order = 11, converter = Converters.Pick.class)
    Pick pick = Pick.ROUND_ROBIN;

    @Option(names = "--workload", paramLabel = "W", order = 12, converter = Workload.class)
    WorkloadKind workload = WorkloadKind.GET;

    @Option(names = "--put-ratio", paramLabel = "F", order = 13, converter = Fraction.class)
    Double putRatio;

    @Option(names = "--keys", paramLabel = "N", order = 14, converter = AtLeastOne.class)
    long keys = 100_000;

    @Option(names = "--key-order", paramLabel = "O", order = 15, converter = Order.class)
    KeyOrder keyOrder = KeyOrder.UNIFORM;

    @Option(names = "--value-size", paramLabel = "B", order = 16, converter = ValueSize.class)
    int valueSize = 100;

    @Option(names = "--ack", paramLabel = "A", order = 17, converter = Replicas.class)
    Integer ack;

    @Option(names = "--from", paramLabel = "F", order = 18, converter = Replicas.class)
    Integer from;

    @Option(names = "--seed", paramLabel = "N", order = 19, converter = AtLeastZero.class)
    long seed = System.nanoTime() & 0xFFFF_FFFFL;

    @Option(names = "--out", paramLabel = "PATH", order = 20)
    Path out;

    @Option(names = "--label", paramLabel = "TEXT", order = 21)
    String label;

    @Option(names = "--student", paramLabel = "NAME", order = 22)
    String student;

    @Option(names = "--stage", paramLabel = "N", order = 23, converter = StageNumber.class)
    Integer stage;

    @Option(names = "--stabilize", negatable = true, order = 24)
    Boolean stabilize;

    @Option(names = "--server-heap", paramLabel = "FLAG", order = 27, converter = HeapFlag.class)
    String serverHeap;

    @Option(names = "--no-progress", order = 28)
    void noProgress(boolean quiet) {
        progress = !quiet;
    }

    @Option(
            names = "--warmup",
            paramLabel = "T",
            order = 30,
            converter = Converters.SecondsOrNone.class,
            description = "An unrecorded run at half the rate before recording (JIT, caches); 0 turns it off."
                    + " Default: " + Warmups.DEFAULT_SECONDS + "s, at most the run's length.")
    private Double warmupSeconds;

    /** Also set by wrk2's {@code -s get.lua}: the shipped scripts are these workloads. */
    void workload(WorkloadKind kind) {
        workload = kind;
    }

    /** The stage resolved after parsing (from --stage or the submission). */
    void stage(Integer number) {
        stage = number;
    }

    /** Who the run measures, found once before it starts (the node's factory, the student): see {@link Author}. */
    void author(Author found) {
        author = found;
    }

    // Set by ./course load only (saturate picks rates and durations itself, and profiles nothing).

    void rate(double perSecond) {
        rate = perSecond;
    }

    void duration(double seconds) {
        durationSeconds = seconds;
    }

    void tool(String name) {
        tool = name;
    }

    void serverPid(long pid) {
        serverPid = pid;
    }

    void profile(List<String> events) {
        profile = events;
    }

    void headers(List<String> lines) {
        headers = List.copyOf(lines);
    }

    void uncorrectedLatency(boolean on) {
        uncorrectedLatency = on;
    }

    /** Cross-option checks; {@code needRate} is false for saturate, which picks rates itself. */
    void validate(boolean needRate) throws UsageException {
        if (targets.isEmpty()) {
            throw new UsageException(
                    "--url is required, e.g. --url http://localhost:8080 (a comma list for several nodes)");
        }
        if (needRate && rate == null) {
            throw new UsageException(
                    "-R/--rate is required: the constant request rate in requests/second, e.g. -R 10000");
        }
        if (threads > connections) {
            throw new UsageException("-t " + threads + " threads need at least as many connections, but -c is "
                    + connections + "; raise -c or lower -t");
        }
        long files = OpenFiles.limit();
        if (connections > files - OpenFiles.OWN_USE) {
            throw new UsageException("-c " + connections + " connections need as many sockets, but this process may"
                    + " have " + files + " open files (ulimit -n), " + OpenFiles.OWN_USE + " of them for the JVM's own;"
                    + " lower -c, or raise the limit with ulimit -n");
        }
        if (connections < targets.size()) {
            throw new UsageException(
                    targets.size() + " targets need at least one connection each; raise -c to >= " + targets.size());
        }
        if (putRatio != null && workload != WorkloadKind.MIXED) {
            throw new UsageException(
                    "--put-ratio only applies to --workload mixed (the workload is " + workload.label() + ")");
        }
        if ((ack == null) != (from == null)) {
            throw new UsageException("--ack and --from go together, e.g. --ack 2 --from 3");
        }
        if (ack != null && ack > from) {
            throw new UsageException("--ack " + ack + " cannot exceed --from " + from);
        }
        if (keyOrder == KeyOrder.ZIPFIAN && keys > 50_000_000) {
            throw new UsageException("--key-order zipfian supports up to 50000000 keys (its set-up is linear in"
                    + " --keys); lower --keys");
        }
        if (rate != null && rate / connections > 1_000_000) {
            throw new UsageException("-R " + rate + " over " + connections + " connections is more than 1M requests/s"
                    + " per connection; raise -c");
        }
        if (tool.equals("wrk2") && targets.size() > 1) {
            throw new UsageException("--tool wrk2 loads one URL; give one --url or drop --tool");
        }
        // saturate (no rate of its own) checks its --out as the folder of its steps
        String outProblem = needRate && out != null ? OutPath.runProblem(out) : null;
        if (outProblem != null) {
            throw new UsageException(outProblem);
        }
    }

    /** The profiler's events of {@code --profile cpu,alloc}, without repeats. */
    static List<String> parseProfile(String text) {
        List<String> events = new ArrayList<>();
        for (String e : text.split(",")) {
            String event = e.trim().toLowerCase(Locale.ROOT);
            if (!PROFILE_EVENTS.contains(event)) {
                throw new IllegalArgumentException(
                        "--profile event '" + e + "' is not one of " + String.join(", ", PROFILE_EVENTS));
            }
            if (!events.contains(event)) {
                events.add(event);
            }
        }
        return List.copyOf(events);
    }

    /** A copy with {@code change} applied: one step's or warm-up's options, the parsed ones left as they were. */
    LoadOptions with(Consumer<LoadOptions> change) {
        LoadOptions c = copy();
        change.accept(c);
        return c;
    }

    public List<Target> targets() {
        return targets;
    }

    public double rate() {
        return rate;
    }

    public int connections() {
        return connections;
    }

    public int threads() {
        return threads;
    }

    public double durationSeconds() {
        return durationSeconds;
    }

    public double timeoutSeconds() {
        return timeoutSeconds;
    }

    public WorkloadKind workload() {
        return workload;
    }

    public long keys() {
        return keys;
    }

    public KeyOrder keyOrder() {
        return keyOrder;
    }

    public int valueSize() {
        return valueSize;
    }
    /** The share of PUTs: the --put-ratio for mixed (0.1 unless given), 1 for put, 0 otherwise. */
    public double putRatio() {
        return switch (workload) {
            case MIXED -> putRatio == null ? 0.1 : putRatio;
            case PUT -> 1;
            default -> 0;
        };
    }

    public Integer ack() {
        return ack;
    }

    public Integer from() {
        return from;
    }

    public Pick pick() {
        return pick;
    }

    public long seed() {
        return seed;
    }

    public Path out() {
        return out;
    }

    public String label() {
        return label;
    }
    /** --student, as typed; the student the results record is {@link #author()}'s. */
    public String student() {
        return student;
    }
    /** Who the run measures; before the command has looked (options parsed by a test), only what --student says. */
    public Author author() {
        return author != null ? author : Author.given(student);
    }

    public Integer stage() {
        return stage;
    }
    /** --stabilize / --no-stabilize, or {@code null} when the user said neither (then a steal probe decides). */
    public Boolean stabilize() {
        return stabilize;
    }

    public String tool() {
        return tool;
    }

    public List<String> profile() {
        return profile;
    }

    public Long serverPid() {
        return serverPid;
    }

    public String serverHeap() {
        return serverHeap;
    }

    public boolean progress() {
        return progress;
    }
    /** Extra request headers (wrk2's -H), each {@code Name: value}. */
    public List<String> headers() {
        return headers;
    }
    /** --warmup in seconds, or {@code null} when not given (then {@link Warmups} picks the default). */
    public Double warmupSeconds() {
        return warmupSeconds;
    }
    /** wrk2's -U: also print the latency from each request's actual send. */
    public boolean uncorrectedLatency() {
        return uncorrectedLatency;
    }

    public List<String> commandLine() {
        return List.copyOf(commandLine);
    }
}
