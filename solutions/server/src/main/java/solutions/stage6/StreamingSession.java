package solutions.stage6;

import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.Response;
import one.nio.net.Socket;
import solutions.stage5.AsyncSession;

/**
 * The stage-5 session that can also stream: a {@link ChunkedResponse}'s headers go out as usual, then its body is
 * queued behind them as one item that produces bytes only when the socket can take them.
 */
final class StreamingSession extends AsyncSession {
    StreamingSession(Socket socket, HttpServer server) {
        super(socket, server);
    }

    @Override
    protected void writeResponse(Response response, boolean includeBody) throws IOException {
        super.writeResponse(response, includeBody);
        if (response instanceof ChunkedResponse chunked) {
            if (includeBody) {
                write(chunked.body());
            } else {
                chunked.body().release();
            }
        }
    }
}
