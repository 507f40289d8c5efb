package course.load;

import course.results.LoadRun;
import course.results.Results;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Arrays;

/** {@code ./course load}: one constant-rate run in wrk2's model, printed like wrk2 and saved as results JSON. */
public final class LoadCommand {
    static final String USAGE = """
            usage: ./course load --url http://localhost:8080 -R RATE [options]

            A constant request rate (wrk2's model): -R requests/second spread evenly over -c keep-alive connections
            and -t threads for -d. Latency is measured from when each request was due, so a stalled server is
            charged for the requests it kept waiting (no coordinated omission).

              -R, --rate N            target rate, requests/second (20000, 20k)                        required
              -c, --connections N     connections (each one request at a time)                         10
              -t, --threads N         generator threads                                                2
              -d, --duration T        30s, 2m, ...                                                     10s
                  --timeout T         a request outstanding this long is a timeout error               2s
                  --url URL[,URL..]   target(s) http://host:port; several are given out per connection required
                  --pick P            round-robin | random: how connections are given targets          round-robin
                  --workload W        put | get | mixed | delete                                       get
                  --put-ratio F       share of PUTs in mixed, 0.1 or 10%                               0.1
                  --keys N            key space size; keys look like k0000123                          100000
                  --key-order O       sequential | uniform | zipfian                                   uniform
                  --value-size B      PUT body bytes                                                   100
                  --ack A --from F    stage 4 replication parameters, added to every request
                  --seed N            seed of every random choice (printed; give it to replay)         random
                  --out PATH          a .json file or a directory                         results/load/<time>-<workload>-<rate>.json
                  --label TEXT, --student NAME, --stage N     recorded in the results JSON
                  --stabilize | --no-stabilize   keep vCPUs from halting (cuts hypervisor steal)  if a 1 s probe sees steal > 2%
                  --tool course-load|wrk2        run the real wrk2 instead (must be on PATH)      course-load
                  --profile cpu,alloc,lock       profile the server JVM during the run (async-profiler)
                  --server-pid PID        the server JVM to profile (else found by the target's port)
                  --server-heap FLAG      the server's heap flag, e.g. -Xmx128m, recorded in the JSON
                  --no-progress           no per-second progress line on stderr
                  --help
            Writes X.json (course results), X.hlog (HdrHistogram log) and X.txt (the wrk2-format text).
            """;

    private LoadCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns the exit status (0 ok, 1 failed, 2 bad usage). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            out.print(USAGE);
            return 0;
        }
        LoadOptions o;
        try {
            o = LoadOptions.parse(args);
        } catch (UsageException e) {
            err.println("course load: " + e.getMessage());
            return 2;
        }
        try {
            return execute(o, out, err);
        } catch (UsageException e) {
            err.println("course load: " + e.getMessage());
            return 2;
        } catch (TargetUnreachableException e) {
            err.println("course load: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("course load: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("course load: interrupted");
            return 1;
        }
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
        run.profiles = graphs.stream().map(g -> dir.relativize(g.toAbsolutePath()).toString()).toList();
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
