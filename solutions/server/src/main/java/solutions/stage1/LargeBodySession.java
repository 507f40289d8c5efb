package solutions.stage1;

import one.nio.http.HttpServer;
import one.nio.net.Socket;

/** One-nio answers 413 to bodies over 64 KiB by default; the course protocol carries values of several MiB. */
public class LargeBodySession extends BodyBudgetSession {
    static final int MAX_BODY_BYTES = 16 << 20;

    public LargeBodySession(Socket socket, HttpServer server) {
        super(socket, server);
    }

    @Override
    protected int getMaxRequestBodyLength() {
        return MAX_BODY_BYTES;
    }
}
