package solutions.stage1;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import one.nio.http.Request;
import one.nio.http.Response;

/**
 * A node's API as a table: each path and the handler that serves it. Stage 1 serves {@value EntityHandler#PATH};
 * stage 6 adds one entry for ranges. The server asks {@link #serves} on the selector thread, so a request for a path
 * nobody serves is answered 400 at once and never waits for a worker.
 */
public final class Routes implements RequestHandler {
    private final Map<String, RequestHandler> handlers;

    private Routes(Map<String, RequestHandler> handlers) {
        this.handlers = Collections.unmodifiableMap(handlers);
    }

    public static Routes of(String path, RequestHandler handler) {
        return new Routes(new LinkedHashMap<>()).with(path, handler);
    }

    /** This table and one more path; a path is served by one handler only, so it must be new. */
    public Routes with(String path, RequestHandler handler) {
        Map<String, RequestHandler> more = new LinkedHashMap<>(handlers);
        if (more.putIfAbsent(path, handler) != null) {
            throw new IllegalArgumentException(path + " is served already");
        }
        return new Routes(more);
    }

    /** The same paths, each handler wrapped: a concern that every path shares (stage 3 screens internal requests). */
    public Routes map(UnaryOperator<RequestHandler> wrap) {
        Map<String, RequestHandler> wrapped = new LinkedHashMap<>();
        handlers.forEach((path, handler) -> wrapped.put(path, wrap.apply(handler)));
        return new Routes(wrapped);
    }

    public boolean serves(String path) {
        return handlers.containsKey(path);
    }

    @Override
    public Response handle(Request request) throws IOException {
        RequestHandler handler = handlers.get(request.getPath());
        return handler != null ? handler.handle(request) : unknownPath(request);
    }

    /** 400 naming the paths that are served: a client that got the path wrong learns the right one. */
    public Response unknownPath(Request request) {
        return Responses.text(
                Response.BAD_REQUEST,
                "unknown path " + request.getPath() + ": this node serves " + String.join(" and ", handlers.keySet()));
    }
}
