package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import solutions.stage1.SessionParts;

/** A stage-1 mutant whose sessions get other parts (budgets, writer, timeouts) than the reference server gives. */
abstract class PartsMutant implements ServiceFactory {
    /** The parts every session of a node gets, made of the reference's (read when the node starts). */
    protected abstract SessionParts parts(SessionParts reference);

    @Override
    public final Service create(ServiceConfig config) {
        return Stage1With.parts(config, this::parts);
    }
}
