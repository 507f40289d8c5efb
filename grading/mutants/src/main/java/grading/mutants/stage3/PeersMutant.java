package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.ReferenceWith;
import java.time.Duration;
import solutions.stage3.PeerClient;

/** A stage-3 mutant whose client for other nodes is its own (opened at every start of the node). */
abstract class PeersMutant implements ServiceFactory {
    /** The client a node opens to call other nodes as {@code self}, with the cluster's secret and the peer timeout. */
    protected abstract PeerClient peers(String self, String secret, Duration timeout);

    @Override
    public final Service create(ServiceConfig config) {
        return ReferenceWith.peers(this, config, this::peers);
    }
}
