package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.Request;
import solutions.stage1.Framing;

@Mutant(
        stage = 1,
        sentences = "s1-host-400",
        breaks = "the Host header is never looked at, as in one-nio's session: an HTTP/1.1 request without one, or"
                + " with two, is served",
        caughtBy = "course.tests.stage1.RequestFramingTest#anHttp11RequestWithoutHostOrWithTwoIs400")
public final class HostHeaderNotChecked implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.parts(
                config,
                parts -> parts.withFraming(new Framing() {
                    @Override
                    public void checkHost(Request request) {
                        // any number of Host headers will do
                    }
                }));
    }
}
