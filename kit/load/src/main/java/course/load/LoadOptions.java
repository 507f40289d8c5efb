package course.load;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Everything a load run is told on the command line, validated; shared by {@code load} and {@code saturate}. */
public final class LoadOptions {
    /** How each connection is given one of several targets. */
    public enum Pick { ROUND_ROBIN, RANDOM }

    public static final List<String> PROFILE_EVENTS = List.of("cpu", "alloc", "lock");

    private List<Target> targets = new ArrayList<>();
    private Double rate;
    private int connections = 10;
    private int threads = 2;
    private double durationSeconds = 10;
    private double timeoutSeconds = 2;
    private WorkloadKind workload = WorkloadKind.GET;
    private long keys = 100_000;
    private KeyOrder keyOrder = KeyOrder.UNIFORM;
    private int valueSize = 100;
    private Double putRatio;
    private Integer ack;
    private Integer from;
    private Pick pick = Pick.ROUND_ROBIN;
    private long seed = System.nanoTime() & 0xFFFF_FFFFL;
    private Integer stage;
    private String tool = "course-load";
    private List<String> profile = List.of();
    private Long serverPid;
    private String serverHeap;
    private boolean progress = true;
    private List<String> headers = List.of();
    private final List<String> commandLine = new ArrayList<>();
    // The command these options are mixed into: picocli's usage errors name it.
    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    LoadOptions() {
    }

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
        c.commandLine.addAll(commandLine);
        return c;
    }

    /** Parses the options of {@code course load} (as typed on its command line) into checked options. */
    public static LoadOptions parse(String... args) throws UsageException {
        return LoadCommand.parse(args);
    }

    /** Adds the words the user typed, recorded in the results so a run can be repeated. */
    void recordCommandLine(List<String> words) {
        commandLine.addAll(words);
    }

    // The options load and saturate share. Each setter parses its value with the course's notation (20k, 30s, 10%)
    // and turns a bad value into picocli's usage error, so the message is the course's own.

    @Option(names = {"-u", "--url"}, paramLabel = "URL[,URL..]", order = 10,
            description = "Target(s) http://host:port; several are given out per connection. Required"
                    + " (or give the URL last, as wrk2 does).")
    void urls(String text) {
        targets = new ArrayList<>();
        for (String u : text.split(",")) {
            if (!u.isBlank()) {
                targets.add(Cli.valid(mixee, () -> Target.parse(u)));
            }
        }
    }

    @Option(names = {"-c", "--connections"}, paramLabel = "N", order = 2,
            description = "Connections, each one request at a time. Default: 10.")
    void connections(String text) {
        connections = Cli.valid(mixee, () -> Values.intCount("-c", text, 1, 100_000));
    }

    @Option(names = {"-t", "--threads"}, paramLabel = "N", order = 3, description = "Generator threads. Default: 2.")
    void threads(String text) {
        threads = Cli.valid(mixee, () -> Values.intCount("-t", text, 1, 256));
    }

    @Option(names = "--timeout", paramLabel = "T", order = 5,
            description = "A request outstanding this long is a timeout error. Default: 2s.")
    void timeout(String text) {
        timeoutSeconds = Cli.valid(mixee, () -> Values.seconds("--timeout", text));
    }

    @Option(names = "--pick", paramLabel = "P", order = 11,
            description = "round-robin | random: how connections are given targets. Default: round-robin.")
    void pick(String text) {
        pick = Cli.valid(mixee, () -> parsePick(text));
    }

    @Option(names = "--workload", paramLabel = "W", order = 12,
            description = "put | get | mixed | delete. Default: get.")
    void workload(String text) {
        workload = Cli.valid(mixee, () -> WorkloadKind.parse(text));
    }

    /** Also set by wrk2's {@code -s get.lua}: the shipped scripts are these workloads. */
    void workload(WorkloadKind kind) {
        workload = kind;
    }

    @Option(names = "--put-ratio", paramLabel = "F", order = 13,
            description = "Share of PUTs in mixed, 0.1 or 10%%. Default: 0.1.")
    void putRatio(String text) {
        putRatio = Cli.valid(mixee, () -> Values.fraction("--put-ratio", text));
    }

    @Option(names = "--keys", paramLabel = "N", order = 14,
            description = "Key space size; keys look like k0000123. Default: 100000.")
    void keys(String text) {
        keys = Cli.valid(mixee, () -> Values.count("--keys", text, 1));
    }

    @Option(names = "--key-order", paramLabel = "O", order = 15,
            description = "sequential | uniform | zipfian. Default: uniform.")
    void keyOrder(String text) {
        keyOrder = Cli.valid(mixee, () -> KeyOrder.parse(text));
    }

    @Option(names = "--value-size", paramLabel = "B", order = 16, description = "PUT body bytes. Default: 100.")
    void valueSize(String text) {
        valueSize = Cli.valid(mixee, () -> Values.intCount("--value-size", text, 0, 64 * 1024 * 1024));
    }

    @Option(names = "--ack", paramLabel = "A", order = 17,
            description = "Replication: replies to wait for, added to every request (with --from).")
    void ack(String text) {
        ack = Cli.valid(mixee, () -> Values.intCount("--ack", text, 1, 1000));
    }

    @Option(names = "--from", paramLabel = "F", order = 18,
            description = "Replication: replicas of each key, added to every request (with --ack).")
    void from(String text) {
        from = Cli.valid(mixee, () -> Values.intCount("--from", text, 1, 1000));
    }

    @Option(names = "--seed", paramLabel = "N", order = 19,
            description = "Seed of every random choice (printed; give it to replay). Default: random.")
    void seed(String text) {
        seed = Cli.valid(mixee, () -> Values.count("--seed", text, 0));
    }

    @Option(names = "--out", paramLabel = "PATH", order = 20,
            description = "A .json file or a directory. Default: results/load/<time>-<workload>-<rate>.json.")
    private Path out;

    @Option(names = "--label", paramLabel = "TEXT", order = 21, description = "Recorded in the results JSON.")
    private String label;

    @Option(names = "--student", paramLabel = "NAME", order = 22, description = "Recorded in the results JSON.")
    private String student;

    @Option(names = "--stage", paramLabel = "N", order = 23, description = "The stage the results belong to."
            + " Default: stage= in starter/student/src/main/resources/submission.properties.")
    void stage(String text) {
        stage = Cli.valid(mixee, () -> Values.intCount("--stage", text, 1, 100));
    }

    /** The stage resolved after parsing (from --stage or the submission). */
    void stage(Integer number) {
        stage = number;
    }

    @Option(names = "--stabilize", negatable = true, order = 24,
            description = "Keep vCPUs from halting (cuts hypervisor steal). Default: decided per run by a 1 s steal"
                    + " probe (on only if it sees steal above 2%).")
    private Boolean stabilize;

    @Option(names = "--server-pid", paramLabel = "PID", order = 26,
            description = "The server JVM to profile (else found by the target's port).")
    void serverPid(String text) {
        serverPid = Cli.valid(mixee, () -> Values.count("--server-pid", text, 1));
    }

    @Option(names = "--server-heap", paramLabel = "FLAG", order = 27,
            description = "The server's heap flag, e.g. -Xmx128m, recorded in the JSON.")
    void serverHeap(String text) {
        if (!text.matches("-Xm[xs]\\d+[kKmMgG]?")) {
            throw new ParameterException(mixee.commandLine(), "--server-heap '" + text + "' should be the server's"
                    + " heap flag, e.g. -Xmx128m");
        }
        serverHeap = text;
    }

    @Option(names = "--no-progress", order = 28, description = "No per-second progress line on stderr.")
    void noProgress(boolean quiet) {
        progress = !quiet;
    }

    // Set by ./course load only (saturate picks rates and durations itself).

    void rate(double perSecond) {
        rate = perSecond;
    }

    void duration(double seconds) {
        durationSeconds = seconds;
    }

    void tool(String name) {
        tool = name;
    }

    void profile(List<String> events) {
        profile = events;
    }

    void headers(List<String> lines) {
        headers = List.copyOf(lines);
    }

    /** Cross-option checks; {@code needRate} is false for saturate, which picks rates itself. */
    void validate(boolean needRate) throws UsageException {
        if (targets.isEmpty()) {
            throw new UsageException("--url is required, e.g. --url http://localhost:8080 (a comma list for several nodes)");
        }
        if (needRate && rate == null) {
            throw new UsageException("-R/--rate is required: the constant request rate in requests/second, e.g. -R 10000");
        }
        if (threads > connections) {
            throw new UsageException("-t " + threads + " threads need at least as many connections, but -c is "
                    + connections + "; raise -c or lower -t");
        }
        if (connections < targets.size()) {
            throw new UsageException(targets.size() + " targets need at least one connection each; raise -c to >= "
                    + targets.size());
        }
        if (putRatio != null && workload != WorkloadKind.MIXED) {
            throw new UsageException("--put-ratio only applies to --workload mixed (the workload is "
                    + workload.label() + ")");
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
    }

    static Pick parsePick(String text) throws UsageException {
        return switch (text) {
            case "round-robin", "rr" -> Pick.ROUND_ROBIN;
            case "random" -> Pick.RANDOM;
            default -> throw new UsageException("--pick '" + text + "' is not one of round-robin, random");
        };
    }

    static List<String> parseProfile(String text) throws UsageException {
        List<String> events = new ArrayList<>();
        for (String e : text.split(",")) {
            String event = e.trim().toLowerCase(Locale.ROOT);
            if (!PROFILE_EVENTS.contains(event)) {
                throw new UsageException("--profile event '" + e + "' is not one of " + String.join(", ", PROFILE_EVENTS));
            }
            if (!events.contains(event)) {
                events.add(event);
            }
        }
        return List.copyOf(events);
    }

    LoadOptions withRate(double r) {
        LoadOptions c = copy();
        c.rate = r;
        return c;
    }

    LoadOptions withDuration(double seconds) {
        LoadOptions c = copy();
        c.durationSeconds = seconds;
        return c;
    }

    LoadOptions withStabilize(boolean on) {
        LoadOptions c = copy();
        c.stabilize = on;
        return c;
    }

    LoadOptions withCommandLine(List<String> words) {
        LoadOptions c = copy();
        c.commandLine.clear();
        c.commandLine.addAll(words);
        return c;
    }

    public List<Target> targets() { return targets; }
    public double rate() { return rate; }
    public int connections() { return connections; }
    public int threads() { return threads; }
    public double durationSeconds() { return durationSeconds; }
    public double timeoutSeconds() { return timeoutSeconds; }
    public WorkloadKind workload() { return workload; }
    public long keys() { return keys; }
    public KeyOrder keyOrder() { return keyOrder; }
    public int valueSize() { return valueSize; }
    /** The share of PUTs: the --put-ratio for mixed (0.1 unless given), 1 for put, 0 otherwise. */
    public double putRatio() {
        return switch (workload) {
            case MIXED -> putRatio == null ? 0.1 : putRatio;
            case PUT -> 1;
            default -> 0;
        };
    }
    public Integer ack() { return ack; }
    public Integer from() { return from; }
    public Pick pick() { return pick; }
    public long seed() { return seed; }
    public Path out() { return out; }
    public String label() { return label; }
    public String student() { return student; }
    public Integer stage() { return stage; }
    /** --stabilize / --no-stabilize, or {@code null} when the user said neither (then a steal probe decides). */
    public Boolean stabilize() { return stabilize; }
    public String tool() { return tool; }
    public List<String> profile() { return profile; }
    public Long serverPid() { return serverPid; }
    public String serverHeap() { return serverHeap; }
    public boolean progress() { return progress; }
    /** Extra request headers (wrk2's -H), each {@code Name: value}. */
    public List<String> headers() { return headers; }
    public List<String> commandLine() { return List.copyOf(commandLine); }
}
