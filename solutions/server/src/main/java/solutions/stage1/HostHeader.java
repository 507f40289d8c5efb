package solutions.stage1;

import one.nio.http.Request;
import one.nio.http.Response;

/**
 * RFC 9112 3.2: a server answers 400 to an HTTP/1.1 request without a Host header, and to any request with more than
 * one. Every client of the course sends exactly one (java.net.http, curl, wrk2, the load generator, one-nio's
 * HttpClient for what it builds with createRequest or get/put/delete); two mean a client or a proxy that added its own
 * to one it copied. HTTP/1.0 had no Host, and clients of that version may still leave it out: they are served.
 */
final class HostHeader {
    private HostHeader() {}

    static void check(Request request) throws Refusal {
        int hosts = 0;
        String[] headers = request.getHeaders();
        for (int i = 0; i < request.getHeaderCount(); i++) {
            String header = headers[i];
            if (header.length() > 4 && header.charAt(4) == ':' && header.regionMatches(true, 0, "Host", 0, 4)) {
                hosts++;
            }
        }
        if (hosts > 1) {
            throw new Refusal(
                    Response.BAD_REQUEST,
                    "the request has " + hosts + " Host headers: send exactly one (RFC 9112 3.2)");
        }
        if (hosts == 0 && request.isHttp11()) {
            throw new Refusal(
                    Response.BAD_REQUEST,
                    "an HTTP/1.1 request needs a Host header, e.g. 'Host: localhost:8080' (RFC 9112 3.2)");
        }
    }
}
