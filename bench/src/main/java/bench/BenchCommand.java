package bench;

import bench.server.LoadBenchOptions;
import bench.server.ServerBenchOptions;
import bench.server.StabilizeBenchOptions;
import course.command.CourseCommand;
import course.command.CourseCommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code ./course bench}: benchmarks that report the course's references next to an established baseline. */
@Command(
        name = "bench",
        synopsisHeading = "",
        customSynopsis = "usage: ./course bench <benchmark> [options]   (each benchmark takes --help)%n",
        description = {
            "Benchmarks reported as ratios next to a baseline measured in the same run. Each benchmark"
                    + " takes --help.",
            ""
        },
        footer = {"", "  site       the site build, timed (Python: ./course bench site --help)"})
public final class BenchCommand extends CourseCommand {
    // Only to name an unknown benchmark in the error: picocli matches the known ones as subcommands first.
    @Parameters(arity = "0..1", paramLabel = "BENCHMARK", hidden = true)
    private String unknown;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs {@code ./course bench ARGS}; returns the exit status. */
    public static int run(String... args) {
        return CourseCommandLine.of(
                        new BenchCommand(),
                        System.out,
                        System.err,
                        new StorageBenchOptions(),
                        new ServerBenchOptions(),
                        new LoadBenchOptions(),
                        new StabilizeBenchOptions())
                .execute(args);
    }

    /** {@code ./course bench} without a known benchmark: a usage error that lists them. */
    @Override
    public Integer call() {
        String known = String.join(", ", spec.subcommands().keySet()) + " or site";
        throw usage(
                unknown == null
                        ? "name a benchmark: " + known
                        : "there is no benchmark '" + unknown + "'; choose " + known);
    }
}
