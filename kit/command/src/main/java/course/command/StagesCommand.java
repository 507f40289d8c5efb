package course.command;

import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./course stages}: the stage registry as people and scripts read it. Scripts ({@code scripts/demo.sh}) take
 * {@code --tsv} instead of keeping stage numbers of their own.
 */
@Command(
        name = "stages",
        synopsisHeading = "",
        customSynopsis = "usage: ./course stages [--tsv]%n",
        description = {
            "  Lists the stages of the course from stages/N-slug/stage.yml: nodes, default ack/from,",
            "  endpoints, reference solution and standard runs.",
            ""
        })
public final class StagesCommand extends CourseCommand {
    /** The columns of {@code --tsv}, in order; the header line names them too. */
    public static final List<String> TSV_COLUMNS =
            List.of("stage", "folder", "nodes", "ack", "from", "reference", "demo-note");

    @Option(
            names = "--tsv",
            description = "One tab-separated line per stage after a header line: " + "stage, folder,"
                    + " nodes, ack and from of its cluster (- when it does not replicate), its reference factory when that"
                    + " class is in this checkout (else -), its demo note.")
    boolean tsv;

    private final PrintStream out;

    StagesCommand(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(CourseCommandLine.execute(new StagesCommand(System.out), args, System.out, System.err));
    }

    @Override
    public Integer call() {
        Stages registry = Stages.ofThisRepository();
        if (registry.list().isEmpty()) {
            throw new IllegalStateException("no stages: " + registry.describe());
        }
        ClassLoader loader = StagesCommand.class.getClassLoader();
        if (tsv) {
            out.println(String.join("\t", TSV_COLUMNS));
        }
        for (StageFacts s : registry.list()) {
            String ack = s.defaultReplication()
                    .map(r -> String.valueOf(r.ack(s.nodes())))
                    .orElse("-");
            String from = s.defaultReplication()
                    .map(r -> String.valueOf(r.from(s.nodes())))
                    .orElse("-");
            String reference = s.referenceOn(loader).orElse("-");
            if (tsv) {
                out.println(String.join(
                        "\t",
                        String.valueOf(s.number()),
                        s.folder(),
                        String.valueOf(s.nodes()),
                        ack,
                        from,
                        reference,
                        s.demoNote() == null ? "-" : s.demoNote().replaceAll("\\s+", " ")));
                continue;
            }
            out.println(s.number() + "  " + s.folder() + "  " + s.title());
            out.println("     nodes " + s.nodes() + (ack.equals("-") ? "" : ", default ack=" + ack + " from=" + from)
                    + "; serves " + String.join(" ", s.endpoints()) + "; reference "
                    + s.referenceFactory()
                            .map(r -> r + (reference.equals("-") ? " (not in this checkout)" : ""))
                            .orElse("none"));
            out.print(s.workloads().stream()
                    .map(w -> "     standard run: " + w.describe() + "\n")
                    .collect(Collectors.joining()));
        }
        return 0;
    }
}
