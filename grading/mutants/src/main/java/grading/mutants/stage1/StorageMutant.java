package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import java.io.IOException;

/**
 * A stage-1 mutant that puts a storage of its own between the reference handler and the reference storage. One
 * that keeps writes the reference storage does not see implements {@link Stage1With.StoppedWithTheNode}.
 */
abstract class StorageMutant implements ServiceFactory {
    /** What the reference handler reads and writes, made of the reference storage at every start of a node. */
    protected abstract Storage storage(Storage reference) throws IOException;

    @Override
    public final Service create(ServiceConfig config) {
        return Stage1With.storage(config, this::storage);
    }
}
