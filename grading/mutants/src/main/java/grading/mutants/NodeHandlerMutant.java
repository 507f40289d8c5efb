package grading.mutants;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import java.io.IOException;
import solutions.stage1.RequestHandler;

/**
 * A mutant of the stage-3 to stage-5 reference (the stage its {@link Mutant} names) whose entity handler (sharding,
 * then coordinator and replica) is what it makes of the reference's; see {@link ReferenceWith#handler}.
 */
public abstract class NodeHandlerMutant implements ServiceFactory {
    /** The node's entity handler over its storage, given the node's config and the reference's way to build it. */
    protected abstract RequestHandler handler(ServiceConfig config, Storage storage, HandlerChange.Reference reference)
            throws IOException;

    @Override
    public final Service create(ServiceConfig config) {
        return ReferenceWith.handler(this, config, (storage, reference) -> handler(config, storage, reference));
    }
}
