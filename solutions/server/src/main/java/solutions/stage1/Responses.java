package solutions.stage1;

import java.nio.charset.StandardCharsets;
import one.nio.http.Response;

/** Small constructors for responses, so handlers read as the protocol table. */
public final class Responses {
    private Responses() {}

    public static Response empty(String status) {
        return new Response(status, Response.EMPTY);
    }

    public static Response text(String status, String message) {
        return new Response(status, (message + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
