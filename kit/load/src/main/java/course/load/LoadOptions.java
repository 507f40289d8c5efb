package course.load;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

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
    private Path out;
    private String label;
    private String student;
    private Integer stage;
    private Boolean stabilize;
    private String tool = "course-load";
    private List<String> profile = List.of();
    private Long serverPid;
    private String serverHeap;
    private boolean progress = true;
    private final List<String> commandLine = new ArrayList<>();

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
        c.commandLine.addAll(commandLine);
        return c;
    }

    /** Parses the options of {@code course load}. */
    public static LoadOptions parse(String... args) throws UsageException {
        LoadOptions o = new LoadOptions();
        ArgReader reader = new ArgReader(Arrays.asList(args));
        while (reader.advance()) {
            if (!o.accept(reader)) {
                throw new UsageException("unknown option " + reader.name() + " (see --help)");
            }
        }
        o.commandLine.addAll(Arrays.asList(args));
        o.validate(true);
        return o;
    }

    /** Consumes one option this class knows; false when it is someone else's. */
    boolean accept(ArgReader r) throws UsageException {
        String n = r.name();
        switch (n) {
            case "--url", "-u" -> {
                targets = new ArrayList<>();
                for (String u : r.value().split(",")) {
                    if (!u.isBlank()) {
                        targets.add(Target.parse(u));
                    }
                }
            }
            case "-R", "--rate" -> rate = Values.positive(n, r.value());
            case "-c", "--connections" -> connections = Values.intCount(n, r.value(), 1, 100_000);
            case "-t", "--threads" -> threads = Values.intCount(n, r.value(), 1, 256);
            case "-d", "--duration" -> durationSeconds = Values.seconds(n, r.value());
            case "--timeout" -> timeoutSeconds = Values.seconds(n, r.value());
            case "--workload" -> workload = WorkloadKind.parse(r.value());
            case "--keys" -> keys = Values.count(n, r.value(), 1);
            case "--key-order" -> keyOrder = KeyOrder.parse(r.value());
            case "--value-size" -> valueSize = Values.intCount(n, r.value(), 0, 64 * 1024 * 1024);
            case "--put-ratio" -> putRatio = Values.fraction(n, r.value());
            case "--ack" -> ack = Values.intCount(n, r.value(), 1, 1000);
            case "--from" -> from = Values.intCount(n, r.value(), 1, 1000);
            case "--pick" -> pick = parsePick(r.value());
            case "--seed" -> seed = Values.count(n, r.value(), 0);
            case "--out" -> out = Path.of(r.value());
            case "--label" -> label = r.value();
            case "--student" -> student = r.value();
            case "--stage" -> stage = Values.intCount(n, r.value(), 1, 100);
            case "--stabilize" -> {
                r.noValue();
                stabilize = true;
            }
            case "--no-stabilize" -> {
                r.noValue();
                stabilize = false;
            }
            case "--no-progress" -> {
                r.noValue();
                progress = false;
            }
            case "--tool" -> {
                tool = r.value();
                if (!tool.equals("course-load") && !tool.equals("wrk2")) {
                    throw new UsageException("--tool '" + tool + "' is not one of course-load (the default), wrk2");
                }
            }
            case "--profile" -> profile = parseProfile(r.value());
            case "--server-pid" -> serverPid = Values.count(n, r.value(), 1);
            case "--server-heap" -> {
                serverHeap = r.value();
                if (!serverHeap.matches("-Xm[xs]\\d+[kKmMgG]?")) {
                    throw new UsageException("--server-heap '" + serverHeap + "' should be the server's heap flag,"
                            + " e.g. -Xmx128m");
                }
            }
            default -> {
                return false;
            }
        }
        return true;
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

    private static Pick parsePick(String text) throws UsageException {
        return switch (text) {
            case "round-robin", "rr" -> Pick.ROUND_ROBIN;
            case "random" -> Pick.RANDOM;
            default -> throw new UsageException("--pick '" + text + "' is not one of round-robin, random");
        };
    }

    private static List<String> parseProfile(String text) throws UsageException {
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
    /** --stabilize / --no-stabilize, or {@code null} when the user said neither (then: on under a hypervisor). */
    public Boolean stabilize() { return stabilize; }
    public String tool() { return tool; }
    public List<String> profile() { return profile; }
    public Long serverPid() { return serverPid; }
    public String serverHeap() { return serverHeap; }
    public boolean progress() { return progress; }
    public List<String> commandLine() { return List.copyOf(commandLine); }
}
