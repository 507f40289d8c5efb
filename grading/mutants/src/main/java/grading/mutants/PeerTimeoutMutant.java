package grading.mutants;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.time.Duration;

/** A mutant of the stage-3 or stage-5 reference (the stage its {@link Mutant} names) with another peer timeout. */
public abstract class PeerTimeoutMutant implements ServiceFactory {
    /** How long the node's calls to other nodes wait before they time out. */
    protected abstract Duration peerTimeout();

    @Override
    public final Service create(ServiceConfig config) {
        return ReferenceWith.peerTimeout(this, config, peerTimeout());
    }
}
