package grading.mutants.stage2;

import grading.mutants.Mutant;
import grading.mutants.NodeServerMutant;
import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;
import one.nio.net.Socket;
import solutions.stage1.BodyFootprint;
import solutions.stage1.ByteBudget;
import solutions.stage1.CourseSession;
import solutions.stage1.Routes;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-body-budget",
        breaks = "the stage-1 budget gives a body back when the server's handleRequest returns, which in stage 1 was "
                + "after the answer and now is as soon as the request is queued: a full queue of large bodies is "
                + "counted as nothing",
        caughtBy = "course.hidden.stage1.LargeValueBurstTest#burstOfLargePutsIsAnsweredAndTheNodeSurvives")
public final class BodiesUncountedOnceQueued extends NodeServerMutant {
    @Override
    protected HttpServer server(int port, Routes routes, WorkerSettings settings) throws IOException {
        return new Server(port, routes, settings);
    }

    /**
     * The reference server that takes a queued request's body out of the budget, and puts it back just before the
     * answer, where the session gives it back once more: so it is counted while it is read and not while it waits.
     */
    private static final class Server extends ExecutorHttpServer {
        private final Map<Request, Long> uncounted = Collections.synchronizedMap(new IdentityHashMap<>());

        Server(int port, Routes routes, WorkerSettings settings) throws IOException {
            super(port, routes, settings);
        }

        @Override
        protected void process(Request request, HttpSession session) throws IOException {
            byte[] body = request.getBody();
            if (body != null && body.length > 0) {
                long footprint = BodyFootprint.of(body.length);
                uncounted.put(request, footprint);
                ByteBudget.requestBodies().release(footprint);
            }
            super.process(request, session);
        }

        @Override
        public HttpSession createSession(Socket socket) {
            return new CourseSession(socket, this, sessionParts()) {
                @Override
                public synchronized void sendResponse(Response response) throws IOException {
                    Long footprint = handling == null ? null : uncounted.remove(handling);
                    if (footprint != null) {
                        ByteBudget.requestBodies().hold(footprint);
                    }
                    super.sendResponse(response);
                }
            };
        }
    }
}
