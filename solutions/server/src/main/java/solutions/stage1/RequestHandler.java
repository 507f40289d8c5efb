package solutions.stage1;

import java.io.IOException;
import one.nio.http.Request;
import one.nio.http.Response;

/** Turns one request into its response. Stages wrap handlers to add a concern (sharding, replication). */
@FunctionalInterface
public interface RequestHandler {
    Response handle(Request request) throws IOException;
}
