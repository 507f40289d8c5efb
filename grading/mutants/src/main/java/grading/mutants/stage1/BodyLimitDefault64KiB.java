package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.HttpSession;

@Mutant(
        stage = 1,
        sentences = "s1-values-bytes",
        breaks = "one-nio's default request body limit is kept: values over 64 KiB get 413",
        caughtBy = "course.tests.stage1.EntityProtocolTest#oneMebibyteValue")
public final class BodyLimitDefault64KiB implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        // one-nio's own session, its default limit untouched
        return Stage1With.sessions(config, (socket, server, parts) -> new HttpSession(socket, server));
    }
}
