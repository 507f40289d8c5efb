package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import solutions.stage1.Routes;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = {"s1-handler-500", "c-requests-answered"},
        breaks = "a hand-written query parser throws ArrayIndexOutOfBoundsException on a parameter "
                + "without a value (?debug&id=k), and the server lets the exception reach one-nio, which closes the "
                + "connection without an answer",
        caughtBy =
                "course.hidden.stage1.HandlerFailuresTest#requestsAHandlerMayFailOnAreAnsweredAndTheConnectionGoesOn")
public final class HandlerExceptionClosesTheConnection implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.server(config, reference -> {
            Routes parsing = reference.map(handler -> request -> {
                parameters(request.getURI()); // the student's parser runs first; the reference's decodes the id
                return handler.handle(request);
            });
            return new SyncHttpServer(config.selfPort(), parsing) {
                @Override
                protected void process(Request request, HttpSession session) throws IOException {
                    session.sendResponse(parsing.handle(request)); // no try/catch: whatever it throws goes on up
                }
            };
        });
    }

    /** name=value pairs as a first parser splits them: a pair without '=' has no element 1. */
    private static Map<String, String> parameters(String uri) {
        Map<String, String> params = new HashMap<>();
        int q = uri.indexOf('?');
        for (String pair : uri.substring(q + 1).split("&")) {
            String[] nameAndValue = pair.split("=", 2);
            params.putIfAbsent(nameAndValue[0], nameAndValue[1]);
        }
        return params;
    }
}
