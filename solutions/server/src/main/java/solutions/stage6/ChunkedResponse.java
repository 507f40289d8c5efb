package solutions.stage6;

import one.nio.http.Response;
import one.nio.net.Session;

/** A 200 whose body is written by {@link StreamingAnswers} as a chunked stream after the headers. */
final class ChunkedResponse extends Response {
    private final Session.QueueItem body;

    ChunkedResponse(Session.QueueItem body) {
        super(Response.OK);
        addHeader("Transfer-Encoding: chunked");
        this.body = body;
    }

    Session.QueueItem body() {
        return body;
    }
}
