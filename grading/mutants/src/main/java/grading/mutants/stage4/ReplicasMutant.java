package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.util.List;
import solutions.stage3.Rendezvous;
import solutions.stage4.Stage4Node;

/** A stage-4 mutant that chooses a key's replicas otherwise than the first {@code from} of the key's ranking. */
abstract class ReplicasMutant implements ServiceFactory {
    /** The replicas of {@code key} for a request with this {@code from}, chosen by the node whose URL is {@code self}. */
    protected abstract List<String> replicas(Rendezvous rendezvous, byte[] key, int from, String self);

    @Override
    public final Service create(ServiceConfig config) {
        return new Stage4Node(config) {
            @Override
            protected List<String> replicas(Rendezvous rendezvous, byte[] key, int from) {
                return ReplicasMutant.this.replicas(rendezvous, key, from, config.selfUrl());
            }
        };
    }
}
