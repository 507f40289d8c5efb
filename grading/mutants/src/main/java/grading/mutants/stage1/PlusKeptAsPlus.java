package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Request;
import solutions.stage1.RequestHandler;

@Mutant(
        stage = 1,
        sentences = "s1-plus-space",
        breaks = "the id's decoder handles %XX escapes but keeps '+' as a plus (as"
                + " java.net.URI's decoding does): a+b and a%20b are two keys, and a+b is the key a%2Bb names",
        caughtBy = "course.tests.stage1.RequestFramingTest#plusIsASpaceAndPercent2BIsAPlus")
public final class PlusKeptAsPlus extends HandlerMutant {
    @Override
    protected RequestHandler handler(RequestHandler reference) {
        return request -> reference.handle(plusAsPlus(request));
    }

    /** The request with every '+' of its query as %2B, so the reference's decoder reads it as a plus. */
    private static Request plusAsPlus(Request request) {
        String uri = request.getURI();
        if (uri.indexOf('+') < 0) {
            return request;
        }
        Request copy = new Request(request.getMethod(), uri.replace("+", "%2B"), request.isHttp11());
        if (request.getBody() != null) {
            copy.setBody(request.getBody());
        }
        return copy;
    }
}
