package solutions.stage1;

import java.nio.charset.StandardCharsets;
import one.nio.http.Request;
import one.nio.http.Response;

/**
 * Parses {@code METHOD SP request-target SP HTTP/1.x} (RFC 9112 3) strictly, so that what a handler sees is what the
 * client meant. one-nio takes everything between the method and the last 9 bytes as the target, so a raw space or a
 * raw {@code #} slips into the id (and {@code #} is cut off again when the id is forwarded through java.net.URI,
 * leaving a coordinator and its replicas with different keys); it answers an unknown method with 400.
 */
final class RequestLine {
    /** one-nio's method names, by its method number; 0 is no method. */
    private static final String[] METHODS = {
        "", "GET", "POST", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE", "CONNECT", "PATCH"
    };

    private RequestLine() {}

    static Request parse(byte[] buffer, int start, int length) throws Refusal {
        String line = new String(buffer, start, length, StandardCharsets.ISO_8859_1);
        int firstSpace = line.indexOf(' ');
        int lastSpace = line.lastIndexOf(' ');
        if (firstSpace <= 0 || lastSpace == firstSpace) {
            throw new Refusal(
                    Response.BAD_REQUEST,
                    "malformed request line '" + printable(line) + "': expected METHOD /path?query HTTP/1.1");
        }
        boolean http11 = isHttp11(line.substring(lastSpace + 1));
        String target = line.substring(firstSpace + 1, lastSpace);
        String problem = targetProblem(target);
        if (problem != null) {
            throw new Refusal(Response.BAD_REQUEST, problem);
        }
        String name = line.substring(0, firstSpace);
        for (int method = 1; method < METHODS.length; method++) {
            if (METHODS[method].equals(name)) {
                return new Request(method, target, http11);
            }
        }
        // Method names are case-sensitive (RFC 9110 9.1): "get" is not GET.
        throw new Refusal(
                "501 Not Implemented",
                "method '" + printable(name)
                        + "' is not implemented: use GET, PUT or DELETE (method names are upper case)");
    }

    /**
     * Whether {@code HTTP/1.minor} is 1.1 or later, which is served as 1.1, the highest minor version this node
     * implements (RFC 9110 2.5), rather than 1.0. Another major version in an HTTP/1 request line ({@code HTTP/2.0},
     * {@code HTTP/3}) is 505; anything else is not a protocol version at all, 400.
     */
    private static boolean isHttp11(String version) throws Refusal {
        boolean majorOnly = version.length() == 6; // HTTP/2 and HTTP/3 are named without a minor version
        boolean majorMinor = version.length() == 8 && version.charAt(6) == '.' && isDigit(version, 7);
        if (!version.startsWith("HTTP/") || !isDigit(version, 5) || !(majorOnly || majorMinor)) {
            throw malformedVersion(version);
        }
        if (version.charAt(5) != '1') {
            throw new Refusal(
                    "505 HTTP Version Not Supported",
                    "unsupported protocol '" + printable(version) + "': use HTTP/1.1");
        }
        if (majorOnly) {
            throw malformedVersion(version);
        }
        return version.charAt(7) != '0';
    }

    private static Refusal malformedVersion(String version) {
        return new Refusal(
                Response.BAD_REQUEST,
                "malformed protocol version '" + printable(version) + "': expected HTTP/1.1 at the end of the line");
    }

    private static boolean isDigit(String s, int at) {
        return at < s.length() && s.charAt(at) >= '0' && s.charAt(at) <= '9';
    }

    /**
     * Why the target is not an origin-form target (RFC 9112 3.2.1, RFC 3986 3.3-3.4), or null when it is: it starts
     * with '/', and holds only unreserved and sub-delimiter characters, ':', '@', '/', '?' and well-formed %XX.
     */
    static String targetProblem(String target) {
        if (target.isEmpty() || target.charAt(0) != '/') {
            return "the request target '" + printable(target) + "' must start with '/', e.g. /v0/entity?id=<key>";
        }
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            if (c == '%') {
                if (i + 2 >= target.length()
                        || Character.digit(target.charAt(i + 1), 16) < 0
                        || Character.digit(target.charAt(i + 2), 16) < 0) {
                    return "malformed percent-encoding at '"
                            + printable(target.substring(i, Math.min(i + 3, target.length())))
                            + "' in the request target: % must be followed by two hex digits"
                            + " (write a literal % as %25)";
                }
            } else if (!allowed(c)) {
                return "the request target contains " + describe(c) + " at position " + i
                        + ", which must be percent-encoded (a space is %20, # is %23, byte 0xNN is %NN)";
            }
        }
        return null;
    }

    private static boolean allowed(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || "-._~!$&'()*+,;=:@/?".indexOf(c) >= 0;
    }

    private static String describe(char c) {
        return c == ' ' ? "a space" : c > 0x20 && c < 0x7F ? "'" + c + "'" : String.format("byte 0x%02X", (int) c);
    }

    /** The text with control and non-ASCII bytes shown as \xNN, so an error message never carries raw bytes. */
    private static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length() && i < 200; i++) {
            char c = s.charAt(i);
            sb.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format("\\x%02X", (int) c));
        }
        return s.length() > 200 ? sb.append("...").toString() : sb.toString();
    }
}
