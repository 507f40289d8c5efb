package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.ReferenceWith;
import java.util.List;
import solutions.stage3.Rendezvous;

/** A stage-3 mutant that finds the owners of keys with a rendezvous of its own over the cluster's URLs. */
abstract class RendezvousMutant implements ServiceFactory {
    /** The rendezvous of the cluster whose URLs these are. */
    protected abstract Rendezvous rendezvous(List<String> urls);

    @Override
    public final Service create(ServiceConfig config) {
        return ReferenceWith.rendezvous(this, config, this::rendezvous);
    }
}
