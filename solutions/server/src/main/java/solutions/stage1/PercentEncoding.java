package solutions.stage1;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Percent-encoding of query values as BYTES. A key is the exact bytes its percent-encoding names, never a round trip
 * through a Java string: {@code %FF} and {@code %FE} are not UTF-8, and decoding them to text would turn both into
 * U+FFFD, one key for two ids. {@code +} is a space, as in HTML forms and {@link java.net.URLEncoder}; a literal plus
 * is {@code %2B}.
 */
public final class PercentEncoding {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private PercentEncoding() {}

    /** The bytes {@code s} encodes; {@link IllegalArgumentException} naming the fault for a malformed escape. */
    public static byte[] decode(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                int hi = i + 1 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
                int lo = i + 2 < s.length() ? Character.digit(s.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException("malformed percent-encoding at '"
                            + s.substring(i, Math.min(s.length(), i + 3)) + "' in '" + s
                            + "': % must be followed by two hex digits (write a literal % as %25)");
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else if (c == '+') {
                out.write(' ');
            } else if (c < 0x80) {
                out.write(c);
            } else {
                // Only reachable for a target that skipped RequestTarget's check (one built inside the node).
                out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toByteArray();
    }

    /** Every byte except unreserved ASCII as %XX: the form that means the same bytes to any decoder. */
    public static String encode(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 3);
        for (byte b : bytes) {
            int c = b & 0xFF;
            if ((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '.'
                    || c == '_'
                    || c == '~') {
                sb.append((char) c);
            } else {
                sb.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return sb.toString();
    }
}
