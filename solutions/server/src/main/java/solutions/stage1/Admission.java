package solutions.stage1;

import one.nio.http.Response;

/**
 * An answer cleared to be written: the response (the one asked for, or the 503 that replaces it), whether its body goes
 * out (not for HEAD), and the bytes of the budget for unsent answers already reserved for that body. The reservation is
 * made in the same step as the check that found room, so two threads that answer at once cannot both take the last
 * room; the writer hands it to the queued body, which gives it back once written or dropped.
 */
public record Admission(Response answer, boolean withBody, long reservedBytes) {
    /** An answer that needs no room in the budget: small, bodiless, or streamed. */
    public static Admission unreserved(Response answer, boolean withBody) {
        return new Admission(answer, withBody, 0);
    }
}
