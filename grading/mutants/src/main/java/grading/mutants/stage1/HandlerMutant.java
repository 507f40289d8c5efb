package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import solutions.stage1.RequestHandler;

/** A stage-1 mutant that answers requests otherwise than the reference handler, which it may still ask. */
abstract class HandlerMutant implements ServiceFactory {
    /** The node's handler, made of the reference handler over the node's storage. */
    protected abstract RequestHandler handler(RequestHandler reference);

    @Override
    public final Service create(ServiceConfig config) {
        return Stage1With.handler(config, this::handler);
    }
}
