package grading.mutants;

import java.util.LinkedHashMap;
import java.util.Map;
import one.nio.http.Request;
import solutions.stage1.RequestHandler;
import solutions.stage3.PeerClient;

/**
 * Rewrites the query of a client's request before the reference sees it (another node's replica request passes
 * untouched): the way a mutant gets ack, from or a range's end wrong without copying the reference's code.
 */
public final class ClientQuery {
    private ClientQuery() {}

    /** A handler that lets {@code edit} change the parameters (still URL-encoded) of client requests to {@code path}. */
    public static RequestHandler rewriting(RequestHandler reference, String path, QueryEdit edit) {
        return request -> {
            if (!path.equals(request.getPath()) || request.getHeaderValue(PeerClient.INTERNAL_HEADER) != null) {
                return reference.handle(request);
            }
            Map<String, String> params = parse(request.getURI());
            edit.edit(request.getMethod(), params);
            return reference.handle(withQuery(request, params));
        };
    }

    /** Changes the parameters of one request in place; values stay as they appear in the URL. */
    public interface QueryEdit {
        void edit(int method, Map<String, String> params);
    }

    static Map<String, String> parse(String uri) {
        Map<String, String> params = new LinkedHashMap<>();
        int q = uri.indexOf('?');
        if (q < 0) {
            return params;
        }
        for (String pair : uri.substring(q + 1).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            params.putIfAbsent(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
        }
        return params;
    }

    static Request withQuery(Request original, Map<String, String> params) {
        StringBuilder uri = new StringBuilder(original.getPath());
        char sep = '?';
        for (Map.Entry<String, String> p : params.entrySet()) {
            uri.append(sep).append(p.getKey()).append('=').append(p.getValue());
            sep = '&';
        }
        return withUri(original, uri.toString());
    }

    /** A copy of the request with another target: the same method, headers and body. */
    public static Request withUri(Request original, String uri) {
        Request copy = new Request(original.getMethod(), uri, original.isHttp11());
        String[] headers = original.getHeaders();
        for (int i = 0; i < original.getHeaderCount(); i++) {
            copy.addHeader(headers[i]);
        }
        if (original.getBody() != null) {
            copy.setBody(original.getBody());
        }
        return copy;
    }

    /** ack as the client gave it, else the default: a majority of from. */
    public static int ack(Map<String, String> params, int clusterSize) {
        String ack = params.get("ack");
        return ack != null ? Integer.parseInt(ack) : from(params, clusterSize) / 2 + 1;
    }

    /** from as the client gave it, else the cluster size. */
    public static int from(Map<String, String> params, int clusterSize) {
        String from = params.get("from");
        return from != null ? Integer.parseInt(from) : clusterSize;
    }

    /** Whether ack and from are numbers (malformed ones go to the reference unchanged, which answers 400). */
    public static boolean wellFormed(Map<String, String> params) {
        for (String name : new String[] {"ack", "from"}) {
            String v = params.get(name);
            if (v != null && !v.matches("[0-9]{1,6}")) {
                return false;
            }
        }
        return true;
    }
}
