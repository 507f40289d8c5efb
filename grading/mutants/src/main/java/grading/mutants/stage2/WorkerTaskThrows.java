package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.util.HashMap;
import java.util.Map;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-handler-500",
        breaks = "the stage-1 try/catch stayed around the selector's call: a worker's task runs a hand-written query "
                + "parser outside it, which throws ArrayIndexOutOfBoundsException on a parameter without a value "
                + "(?debug&id=k), and the exception escapes the task: the client never gets an answer",
        caughtBy =
                "course.hidden.stage1.HandlerFailuresTest#requestsAHandlerMayFailOnAreAnsweredAndTheConnectionGoesOn")
public final class WorkerTaskThrows implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage2With.server(
                config,
                routes -> new ExecutorHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties()) {
                    @Override
                    protected Response respond(Request request) {
                        parameters(request.getURI()); // the worker's own parsing, before the handler's try/catch
                        return super.respond(request);
                    }
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
