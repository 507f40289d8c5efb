package grading.mutants.stage5;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.ReferenceWith;
import java.util.concurrent.CompletableFuture;
import one.nio.http.Response;

/** A stage-5 mutant that answers a client otherwise than the reference with the coordinator's decision. */
abstract class AnswerMutant implements ServiceFactory {
    /** What the client gets, given the coordinator's decision (the reference sends it once it completes). */
    protected abstract Response answer(CompletableFuture<Response> decision);

    @Override
    public final Service create(ServiceConfig config) {
        return ReferenceWith.answer(this, config, this::answer);
    }
}
