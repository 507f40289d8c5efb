package course.profiler;

import course.command.OptionValues;
import course.command.OutFolder;
import course.command.UsageException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The command line of {@code ./course profile}; {@link #checked()} gives exactly one of pid and port. */
// One line an option: the help texts are in ProfileOptions.properties (picocli's resource bundle).
@Command(resourceBundle = "course.profiler.ProfileOptions")
final class ProfileOptions {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    final List<String> events = new ArrayList<>();
    Duration duration = Duration.ofSeconds(30);

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            // Refused as it is parsed, before the profiler is attached to the node, not when its files are written.
            converter = OutFolder.FolderToWrite.class,
            order = 5)
    Path out;

    @Option(names = "--pid", paramLabel = "PID", order = 1, converter = Pid.class)
    Long pid;

    @Option(names = "--port", paramLabel = "PORT", order = 2, converter = OptionValues.Port.class)
    Integer port;

    @Option(names = "--stage", paramLabel = "N", order = 6, converter = StageNumber.class)
    Integer stage;

    /** A process id. */
    public static final class Pid extends OptionValues.Range {
        public Pid() {
            super(1, Long.MAX_VALUE);
        }
    }

    /** A stage of the course: 1 to 100. */
    public static final class StageNumber extends OptionValues.IntRange {
        public StageNumber() {
            super(1, 100);
        }
    }

    @Option(
            names = {"-e", "--event", "--events"},
            paramLabel = "LIST",
            order = 3)
    void events(String list) {
        for (String event : list.split(",")) {
            events.add(orUsage(() -> ProfilerEvent.parse(event).id()));
        }
    }

    @Option(
            names = {"-d", "--duration"},
            paramLabel = "TIME",
            order = 4)
    void duration(String text) {
        duration = orUsage(() -> DurationArg.parse("--duration", text));
    }

    /** A value parsed in a setter; what it refuses is a usage error with its message (exit 2, as picocli's own). */
    private <T> T orUsage(Parse<T> parse) {
        try {
            return parse.value();
        } catch (UsageException | IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), e.getMessage());
        }
    }

    private interface Parse<T> {
        T value() throws UsageException;
    }

    /** The options with the defaults filled in, or the usage error of a missing or doubled target. */
    ProfileOptions checked() throws UsageException {
        if ((pid == null) == (port == null)) {
            throw new UsageException(
                    pid == null
                            ? "say which JVM to profile: --pid PID or --port PORT (see --help)"
                            : "give either --pid or --port, not both");
        }
        if (events.isEmpty()) {
            events.add("cpu");
        }
        if (out == null) {
            out = Path.of(
                    "results",
                    "profiles",
                    LocalDateTime.now(ZoneId.systemDefault()).format(STAMP));
        }
        return this;
    }
}
