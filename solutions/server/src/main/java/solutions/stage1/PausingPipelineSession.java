package solutions.stage1;

import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Response;
import one.nio.net.Socket;

/**
 * Answers any number of pipelined requests. one-nio queues at most 256 requests behind the one being handled and then
 * closes the connection with no answer at all, so a client that pipelines more (a load tool, a batch writer) loses
 * every request in flight. Here a full pipeline stops reading from the socket instead: the requests already read
 * wait in order, the kernel's buffers and then TCP flow control hold the client back, and reading resumes when half
 * the pipeline has been answered. Memory stays bounded (the pipeline plus what one read brought in).
 */
public class PausingPipelineSession extends HttpSession {
    static final int PIPELINE_LIMIT = 256;

    private boolean paused;

    public PausingPipelineSession(Socket socket, HttpServer server) {
        super(socket, server);
    }

    @Override
    protected void handleParsedRequest() throws IOException {
        synchronized (this) {
            if (handling != null && pipeline.size() >= PIPELINE_LIMIT) {
                pipeline.addLast(parsing);
                parsing = null;
                requestBodyOffset = 0;
                pauseReading();
                return;
            }
        }
        super.handleParsedRequest();
    }

    @Override
    public synchronized void sendResponse(Response response) throws IOException {
        super.sendResponse(response);
        if (paused && pipeline.size() <= PIPELINE_LIMIT / 2 && !closing) {
            paused = false;
            // While an answer is still being written one-nio listens for WRITEABLE only and turns to READABLE
            // itself when the write ends; changing the subscription then would lose the write.
            if (queueHead == null) {
                listen(READABLE);
            }
        }
    }

    private void pauseReading() {
        paused = true;
        listen(queueHead == null ? 0 : WRITEABLE);
    }
}
