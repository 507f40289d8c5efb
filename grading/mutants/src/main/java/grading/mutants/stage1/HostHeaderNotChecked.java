package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Request;

@Mutant(
        stage = 1,
        sentences = "s1-host-400",
        breaks = "the Host header is never looked at, as in one-nio's session: an HTTP/1.1 request without one, or"
                + " with two, is served",
        caughtBy = "course.tests.stage1.RequestFramingTest#anHttp11RequestWithoutHostOrWithTwoIs400")
public final class HostHeaderNotChecked extends FramingMutant {
    @Override
    public void checkHost(Request request) {
        // any number of Host headers will do
    }
}
