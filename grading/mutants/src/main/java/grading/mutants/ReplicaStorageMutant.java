package grading.mutants;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;

/** A mutant of the stage-4 or stage-5 reference whose replica stores and compares through a view of its storage. */
public abstract class ReplicaStorageMutant implements ServiceFactory {
    /** What the replica sees of the node's storage. */
    protected abstract Storage replicaView(Storage storage);

    @Override
    public final Service create(ServiceConfig config) {
        return ReferenceWith.replicaStorage(this, config, this::replicaView);
    }
}
