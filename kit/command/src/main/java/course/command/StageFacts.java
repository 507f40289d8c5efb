package course.command;

import java.util.List;
import java.util.Optional;

/**
 * Every fact of one stage, read from {@code stages/N-slug/stage.yml}: the tools ask this record instead of comparing
 * stage numbers, so a new stage is a new folder and not a search for "6".
 *
 * @param number      the stage's number (the folder's leading number)
 * @param folder      the folder's name, e.g. {@code 4-replication}
 * @param nodes       how many nodes the stage's cluster has (its tests, {@code ./course run}, the grader, the demo)
 * @param replication the default ack/from rule, or null when the stage does not replicate
 * @param reference   the reference solution's factory class, or null when the course has none for the stage
 * @param endpoints   the HTTP paths a node of this stage serves, e.g. {@code /v0/entities} from the range stage on
 * @param workloads   the standard load runs, in the file's order
 * @param demoNote    what the demo's runs of this stage show, one sentence for {@code ./course demo}
 */
public record StageFacts(
        int number,
        String folder,
        String title,
        String slug,
        int nodes,
        Replication replication,
        String reference,
        List<String> endpoints,
        List<Workload> workloads,
        String demoNote) {
    /** The path of range requests: a stage that lists it streams ranges. */
    public static final String RANGE_ENDPOINT = "/v0/entities";

    public StageFacts {
        endpoints = List.copyOf(endpoints);
        workloads = List.copyOf(workloads);
    }

    public Optional<Replication> defaultReplication() {
        return Optional.ofNullable(replication);
    }

    public Optional<String> referenceFactory() {
        return Optional.ofNullable(reference);
    }

    public boolean serves(String endpoint) {
        return endpoints.contains(endpoint);
    }

    public Optional<Workload> workload(String name) {
        return workloads.stream().filter(w -> w.name().equals(name)).findFirst();
    }

    /**
     * The reference factory when its class is on {@code loader}'s classpath: the course repository has them, a
     * student's repository has the same stage.yml but not the classes.
     */
    public Optional<String> referenceOn(ClassLoader loader) {
        return referenceFactory().filter(name -> {
            try {
                Class.forName(name, false, loader);
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        });
    }
}
