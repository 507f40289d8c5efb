package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.HttpException;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Framing;
import solutions.stage1.Refusal;

@Mutant(
        stage = 1,
        sentences = "s1-method-501",
        breaks = "an unknown method (FOO, lowercase get) gets one-nio's 400 Invalid request instead of 501",
        caughtBy = "course.tests.stage1.RequestFramingTest#unknownMethodsAre501")
public final class UnknownMethodIs400 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.parts(
                config,
                parts -> parts.withFraming(new Framing() {
                    @Override
                    public Request requestLine(byte[] buffer, int start, int length) throws HttpException {
                        try {
                            return super.requestLine(buffer, start, length);
                        } catch (Refusal r) {
                            throw r.status().startsWith("501")
                                    ? new Refusal(Response.BAD_REQUEST, "Invalid request")
                                    : r;
                        }
                    }
                }));
    }
}
