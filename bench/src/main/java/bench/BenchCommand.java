package bench;

import java.util.Arrays;

/** {@code ./course bench}: benchmarks that report the course's references next to an established baseline. */
public final class BenchCommand {
    static final String USAGE = """
            usage: ./course bench <benchmark> [options]      (each benchmark takes --help)

              storage   the reference LSM engine next to RocksDB: fill, random point reads, full range scan
              server    the stage-1 reference server next to an in-memory ceiling: highest GET rate under the SLO
              load      the course's load generator next to the real wrk2: latency, achieved rate, CPU per request
              stabilize plain vs --stabilize runs, alternating: does keeping the vCPUs busy help on this machine?
            """;

    private BenchCommand() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.print(USAGE);
            System.exit(2);
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "-h", "--help", "help" -> System.out.print(USAGE);
            case "storage" -> System.exit(StorageBench.run(rest));
            case "server" -> System.exit(bench.server.ServerBench.run(rest));
            case "load" -> System.exit(bench.server.LoadToolBench.run(rest));
            case "stabilize" -> System.exit(bench.server.StabilizeBench.run(rest));
            default -> {
                System.err.println("bench: unknown benchmark '" + args[0] + "'; choose storage, server, load or stabilize");
                System.err.print(USAGE);
                System.exit(2);
            }
        }
    }
}
