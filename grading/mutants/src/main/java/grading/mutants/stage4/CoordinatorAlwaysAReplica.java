package grading.mutants.stage4;

import grading.mutants.Mutant;
import java.util.ArrayList;
import java.util.List;
import solutions.stage3.Rendezvous;

@Mutant(
        stage = 4,
        sentences = "s4-replica-order",
        breaks = "the coordinator always keeps a copy itself: a key's replicas are the node the client asked and the"
                + " first from-1 other nodes of the key's ranking, so they differ from coordinator to coordinator and a"
                + " read through another node misses a write with a small from",
        caughtBy = "course.tests.stage4.NoOverReplicationTest#aPutStoresExactlyFromCopies(int, course.harness.Seed)")
public final class CoordinatorAlwaysAReplica extends ReplicasMutant {
    @Override
    protected List<String> replicas(Rendezvous rendezvous, byte[] key, int from, String self) {
        List<String> replicas = new ArrayList<>(List.of(self));
        for (String node : rendezvous.ranking(key, rendezvous.size())) {
            if (replicas.size() < from && !node.equals(self)) {
                replicas.add(node);
            }
        }
        return replicas;
    }
}
