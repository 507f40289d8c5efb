package solutions.stage3;

import java.io.IOException;
import java.util.Map;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.EntityHandler;
import solutions.stage1.Query;
import solutions.stage1.RequestHandler;

/**
 * Sends each request to the node that owns its key, exactly one copy per key. The owner's own requests, and every
 * request another node forwarded (marked with {@link PeerClient#INTERNAL_HEADER}), go to the local handler; a
 * request without a usable id goes there too, which answers 400.
 */
public final class ShardingHandler implements RequestHandler {
    private final String self;
    private final Rendezvous rendezvous;
    private final RequestHandler local;
    private final PeerClient peers;

    public ShardingHandler(String self, Rendezvous rendezvous, RequestHandler local, PeerClient peers) {
        this.self = self;
        this.rendezvous = rendezvous;
        this.local = local;
        this.peers = peers;
    }

    @Override
    public Response handle(Request request) throws IOException {
        byte[] key = Query.of(request.getURI()).bytes("id");
        if (key == null || key.length == 0 || request.getHeaderValue(PeerClient.INTERNAL_HEADER) != null) {
            return local.handle(request);
        }
        String owner = rendezvous.owner(key);
        if (owner.equals(self)) {
            return local.handle(request);
        }
        return peers.await(
                peers.send(owner, request.getMethodName(), EntityHandler.uriOf(key), request.getBody(), Map.of()));
    }
}
