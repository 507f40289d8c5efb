package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import java.io.IOException;

/** A stage-1 mutant whose node opens an engine of the mutant's own (or the reference's, changed) on every start. */
abstract class EngineMutant implements ServiceFactory {
    /** The engine under the reference handler, opened with the reference's settings. */
    protected abstract Storage open(StorageConfig storageConfig) throws IOException;

    @Override
    public final Service create(ServiceConfig config) {
        return Stage1With.engine(config, this::open);
    }
}
