package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import solutions.stage1.Framing;

/**
 * A stage-1 mutant that reads requests off the wire otherwise: it is the reference {@link Framing} with the decisions
 * it breaks overridden, and the reference sessions frame every request with it. A framing holds no state, so the
 * nodes of one factory still share nothing.
 */
abstract class FramingMutant extends Framing implements ServiceFactory {
    @Override
    public final Service create(ServiceConfig config) {
        return Stage1With.parts(config, parts -> parts.withFraming(this));
    }
}
