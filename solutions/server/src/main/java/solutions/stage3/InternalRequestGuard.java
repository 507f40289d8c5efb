package solutions.stage3;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.RequestHandler;
import solutions.stage1.Responses;

/**
 * Lets a request marked {@link PeerClient#INTERNAL_HEADER} through only with the cluster's secret in
 * {@link PeerClient#SECRET_HEADER}. A node trusts another node's request more than a client's: it serves it locally
 * and, from stage 4 on, stores the timestamp it names and answers with the stored record. A client that could send
 * one would pin a value for good (a timestamp from the far future wins every later write) or read records raw. The
 * marked request without the secret gets 403, and is never served as a client's: a client does not send the mark
 * by accident.
 */
public final class InternalRequestGuard implements RequestHandler {
    private final byte[] secret;
    private final RequestHandler next;

    public InternalRequestGuard(String secret, RequestHandler next) {
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
        this.next = next;
    }

    @Override
    public Response handle(Request request) throws IOException {
        if (request.getHeaderValue(PeerClient.INTERNAL_HEADER) == null || fromTheCluster(request)) {
            return next.handle(request);
        }
        return Responses.text(
                Response.FORBIDDEN,
                PeerClient.INTERNAL_HEADER + " marks a request from another node "
                        + "of the cluster, and this one does not carry the cluster's secret; clients must not send "
                        + PeerClient.INTERNAL_HEADER);
    }

    private boolean fromTheCluster(Request request) {
        String offered = request.getHeaderValue(PeerClient.SECRET_HEADER);
        // Compared in constant time, so the answer's timing says nothing about how much of a guess was right.
        return offered != null && MessageDigest.isEqual(secret, offered.trim().getBytes(StandardCharsets.UTF_8));
    }
}
