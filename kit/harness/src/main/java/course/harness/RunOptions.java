package course.harness;

import course.command.HelpOption;
import course.command.OptionValues;
import course.command.OutFolder;
import course.command.Stages;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The command line of {@code ./course run}, on picocli; converters and setters refuse bad values with the reason. */
@Command(
        name = "run",
        synopsisHeading = "",
        customSynopsis = "usage: ./course run [--stage N | --factory CLASS] [--nodes K] [--port P] [--dir DIR]"
                + " [--heap 128m]%n",
        description = {"  (neither --stage nor --factory: your factory and stage from submission.properties)", ""})
final class RunOptions {
    @Mixin
    // picocli reads the mixin (--help).
    @SuppressWarnings("UnusedVariable")
    private HelpOption help;

    Integer stage;
    String heap = "128m";

    @Option(names = "--factory", paramLabel = "CLASS", description = "Any ServiceFactory class on the classpath.")
    String factory;

    /** Null until given: then the stage's own cluster size (its stage.yml's nodes). */
    @Option(
            names = "--nodes",
            paramLabel = "K",
            converter = Nodes.class,
            description = "Cluster size (default: the stage's nodes in its stage.yml, e.g. 1 for stage 1, 3 from the"
                    + " sharding stage on).")
    Integer nodes;

    @Option(
            names = "--port",
            paramLabel = "P",
            converter = OptionValues.Port.class,
            description = "Port of the first node (default 8080; node i listens on PORT+i).")
    int port = 8080;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            converter = OutFolder.FolderToWrite.class,
            description =
                    "Data directory, kept (default: a new temporary directory, printed, deleted when the run stops).")
    Path dir;

    /** A cluster of ./course run: 1 to 16 nodes. */
    public static final class Nodes extends OptionValues.IntRange {
        public Nodes() {
            super(1, 16);
        }
    }

    @Option(
            names = "--stage",
            paramLabel = "N",
            description = "The course's reference solution of this stage (only" + " in the course repository).")
    void stage(String v) {
        stage = Stages.ofThisRepository().check(OptionValues.intBetween("--stage", v, 1, 100));
    }

    @Option(names = "--heap", paramLabel = "SIZE", description = "Heap of each node JVM (default 128m).")
    void heap(String v) {
        heap = OptionValues.matching("--heap", v, "\\d+[kKmMgG]", "takes a size like 128m or 1g");
    }

    /** Rules between options. */
    RunOptions checked() {
        int count = nodes == null ? 1 : nodes;
        if (port + count - 1 > 65535) {
            throw new IllegalArgumentException("ports " + port + ".." + (port + count - 1) + " do not all exist");
        }
        return this;
    }
}
