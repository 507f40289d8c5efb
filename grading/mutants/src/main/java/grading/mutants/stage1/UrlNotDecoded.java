package grading.mutants.stage1;

import grading.mutants.Mutant;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import one.nio.http.Request;
import solutions.stage1.RequestHandler;

@Mutant(
        stage = 1,
        sentences = "s1-id-bytes",
        breaks = "the id is used as it appears in the URL, still percent-encoded",
        caughtBy = "course.tests.stage1.EntityProtocolTest#urlEncodedKeysAreDecoded")
public final class UrlNotDecoded extends HandlerMutant {
    @Override
    protected RequestHandler handler(RequestHandler reference) {
        return request -> reference.handle(withRawId(request));
    }

    /** Encodes the raw id once more, so the reference's decoding yields the undecoded text as the key. */
    static Request withRawId(Request request) {
        String uri = request.getURI();
        int at = uri.indexOf("?id=");
        if (at < 0) {
            return request;
        }
        int end = uri.indexOf('&', at + 4);
        String raw = end < 0 ? uri.substring(at + 4) : uri.substring(at + 4, end);
        String rest = end < 0 ? "" : uri.substring(end);
        Request copy = new Request(
                request.getMethod(),
                uri.substring(0, at) + "?id=" + URLEncoder.encode(raw, StandardCharsets.UTF_8) + rest,
                true);
        if (request.getBody() != null) {
            copy.setBody(request.getBody());
        }
        return copy;
    }
}
