package solutions.stage3;

import one.nio.http.Response;

/** One-nio wants a status line ("201 Created") where java.net.http gives a number: this maps one to the other. */
public final class StatusLine {
    private StatusLine() {}

    public static String of(int code) {
        return switch (code) {
            case 200 -> Response.OK;
            case 201 -> Response.CREATED;
            case 202 -> Response.ACCEPTED;
            case 400 -> Response.BAD_REQUEST;
            case 404 -> Response.NOT_FOUND;
            case 405 -> Response.METHOD_NOT_ALLOWED;
            case 413 -> Response.REQUEST_ENTITY_TOO_LARGE;
            case 500 -> Response.INTERNAL_ERROR;
            case 503 -> Response.SERVICE_UNAVAILABLE;
            case 504 -> Response.GATEWAY_TIMEOUT;
            default -> code + " Status " + code;
        };
    }
}
