package bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.server.InMemoryServerMain;
import bench.server.LoadBenchOptions;
import bench.server.ServerBenchOptions;
import bench.server.StabilizeBenchOptions;
import course.command.CourseCommandLine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help of every bench: the options' texts are in BenchOptions.properties, found by key, and a key that matches
 * nothing leaves an option without a word in --help (picocli says nothing): every option must have its text.
 */
class BenchHelpTest {
    private static final List<Object> BENCHES = List.of(
            new StorageBenchOptions(),
            new ServerBenchOptions(),
            new LoadBenchOptions(),
            new StabilizeBenchOptions(),
            new InMemoryServerMain());

    @Test
    void everyOptionOfEveryBenchSaysWhatItIs() {
        List<String> silent = new ArrayList<>();
        for (Object bench : BENCHES) {
            CommandLine line = new CommandLine(bench);
            for (OptionSpec option : line.getCommandSpec().options()) {
                if (String.join("", option.description()).isBlank()) {
                    silent.add(line.getCommandName() + " " + option.longestName());
                }
            }
        }
        assertEquals(List.of(), silent, "options without a text in --help");
    }

    @Test
    void outSaysEachBenchsOwnDefaultFile() {
        for (String bench : List.of("storage", "server", "load", "stabilize")) {
            Object command = BENCHES.stream()
                    .filter(b -> new CommandLine(b).getCommandName().equals(bench))
                    .findFirst()
                    .orElseThrow();
            String help = CourseCommandLine.usage(command).replaceAll("\\s+", " ");
            assertTrue(help.contains("(default results/bench-" + bench + ".json)"), help);
        }
    }

    @Test
    void theBenchesOwnTextsOfASharedNameAreTheirs() {
        String storage = CourseCommandLine.usage(new StorageBenchOptions()).replaceAll("\\s+", " ");
        assertTrue(storage.contains("--keys=N Keys to write (default 1000000)."), storage);
        assertTrue(storage.contains("--value-size=B Bytes per value, 8..1048576 (default 1024)."), storage);
        String server = CourseCommandLine.usage(new ServerBenchOptions()).replaceAll("\\s+", " ");
        assertTrue(server.contains("--keys=N Keys in both databases (default 200000)."), server);
        String load = CourseCommandLine.usage(new LoadBenchOptions()).replaceAll("\\s+", " ");
        assertTrue(load.contains("--keys=N Keys filled in the reference's database (default 75000)."), load);
    }
}
