package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.util.ArrayList;
import java.util.List;
import solutions.stage3.Rendezvous;
import solutions.stage4.Stage4Node;

@Mutant(
        stage = 4,
        sentences = "s4-replica-order",
        breaks = "the coordinator always keeps a copy itself: a key's replicas are the node the client asked and the"
                + " first from-1 other nodes of the key's ranking, so they differ from coordinator to coordinator and a"
                + " read through another node misses a write with a small from",
        caughtBy = "course.tests.stage4.NoOverReplicationTest#aPutStoresExactlyFromCopies(int, course.harness.Seed)")
public final class CoordinatorAlwaysAReplica implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage4Node(config) {
            @Override
            protected List<String> replicas(Rendezvous rendezvous, byte[] key, int from) {
                List<String> replicas = new ArrayList<>(List.of(config.selfUrl()));
                for (String node : rendezvous.ranking(key, rendezvous.size())) {
                    if (replicas.size() < from && !node.equals(config.selfUrl())) {
                        replicas.add(node);
                    }
                }
                return replicas;
            }
        };
    }
}
