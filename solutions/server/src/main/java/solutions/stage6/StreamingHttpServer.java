package solutions.stage6;

import java.io.IOException;
import solutions.stage1.Routes;
import solutions.stage1.SessionParts;
import solutions.stage2.WorkerSettings;
import solutions.stage5.AsyncHttpServer;

/**
 * The stage-5 server whose sessions can stream an answer ({@link ChunkedResponse}) as the socket drains: one session
 * part differs from stage 5's, the answer writer ({@link StreamingAnswers}).
 */
final class StreamingHttpServer extends AsyncHttpServer {
    StreamingHttpServer(int port, Routes routes, WorkerSettings settings) throws IOException {
        super(port, routes, settings);
    }

    @Override
    protected SessionParts sessionParts() {
        SessionParts parts = super.sessionParts();
        return parts.withWriter(new StreamingAnswers(parts.writer()));
    }
}
