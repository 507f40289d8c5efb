package solutions.stage1;

import one.nio.http.Request;
import one.nio.http.Response;

/**
 * How a request's body is delimited (RFC 9112 6.3), decided from its headers once they are all read: by
 * {@code Transfer-Encoding: chunked}, by one {@code Content-Length}, or there is none. Headers that disagree on
 * where the body ends are refused: a node that guessed would store a wrong value and then read the rest of the body
 * as the next request.
 */
public record BodyFraming(boolean chunked, String contentLength) {
    public static final BodyFraming NONE = new BodyFraming(false, null);

    /** Whether a body follows the headers (a Content-Length of 0 is no body). */
    public boolean hasBody() {
        return chunked || (contentLength != null && !contentLength.equals("0"));
    }

    public static BodyFraming of(Request request) throws Refusal {
        String length = null;
        String coding = null;
        String[] headers = request.getHeaders();
        for (int i = 0; i < request.getHeaderCount(); i++) {
            String header = headers[i];
            int colon = header.indexOf(':');
            if (colon <= 0 || header.charAt(colon - 1) == ' ' || header.charAt(colon - 1) == '\t') {
                throw new Refusal(
                        Response.BAD_REQUEST,
                        "malformed header line '" + header + "': expected Name: value, with no space before the colon");
            }
            // Compared in place: this runs for every header of every request.
            if (isNamed(header, colon, "Content-Length")) {
                String value = header.substring(colon + 1).trim();
                // A list of equal values ("5, 5") is one length (RFC 9110 8.6); anything else is a conflict.
                for (String one : value.split(",", -1)) {
                    String digits = one.trim();
                    if (digits.isEmpty()
                            || digits.length() > 10
                            || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                        throw new Refusal(
                                Response.BAD_REQUEST,
                                "invalid Content-Length '" + value + "': it must be a decimal number of bytes");
                    }
                    int zeros = 0;
                    while (zeros < digits.length() - 1 && digits.charAt(zeros) == '0') {
                        zeros++;
                    }
                    String normal = digits.substring(zeros);
                    if (length != null && !length.equals(normal)) {
                        throw new Refusal(
                                Response.BAD_REQUEST,
                                "conflicting Content-Length values " + length + " and " + normal
                                        + ": send one Content-Length");
                    }
                    length = normal;
                }
            } else if (isNamed(header, colon, "Transfer-Encoding")) {
                String value = header.substring(colon + 1).trim();
                coding = coding == null ? value : coding + ", " + value;
            }
        }
        if (coding != null && length != null) {
            throw new Refusal(
                    Response.BAD_REQUEST,
                    "both Transfer-Encoding and Content-Length are set, so the end of"
                            + " the body is ambiguous: send one of them (RFC 9112 6.3)");
        }
        if (coding != null) {
            if (!coding.equalsIgnoreCase("chunked")) {
                throw new Refusal(
                        "501 Not Implemented",
                        "Transfer-Encoding '" + coding + "' is not supported:"
                                + " send the body with Content-Length or Transfer-Encoding: chunked");
            }
            return new BodyFraming(true, null);
        }
        if (length != null && Long.parseLong(length) > Integer.MAX_VALUE) {
            throw new Refusal(Response.REQUEST_ENTITY_TOO_LARGE, "Content-Length " + length + " is too large");
        }
        return length == null ? NONE : new BodyFraming(false, length);
    }

    private static boolean isNamed(String header, int colon, String name) {
        return colon == name.length() && header.regionMatches(true, 0, name, 0, colon);
    }
}
