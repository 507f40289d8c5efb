package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;

/** A stage-1 mutant whose answers with one status say another, with an empty body. */
abstract class StatusMutant implements ServiceFactory {
    private final ServiceFactory node;

    /** Answers with {@code status} say {@code instead} (a one-nio status line, such as {@code Response.OK}). */
    StatusMutant(int status, String instead) {
        node = config -> Stage1With.statusAnsweredAs(config, status, instead);
    }

    @Override
    public final Service create(ServiceConfig config) {
        return node.create(config);
    }
}
