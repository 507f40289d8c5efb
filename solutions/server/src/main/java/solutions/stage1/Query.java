package solutions.stage1;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The query parameters of a request URI, percent-decoded to bytes ({@link PercentEncoding}); the first occurrence of
 * a name wins. Keys are taken with {@link #bytes}, so ids that differ in any byte stay different keys.
 */
public final class Query {
    private final Map<String, byte[]> params;

    private Query(Map<String, byte[]> params) {
        this.params = params;
    }

    /** Parses the query; {@link IllegalArgumentException} for a malformed percent-encoding. */
    public static Query of(String uri) {
        Map<String, byte[]> params = new HashMap<>();
        int q = uri.indexOf('?');
        if (q >= 0) {
            for (String pair : uri.substring(q + 1).split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = new String(
                        PercentEncoding.decode(eq < 0 ? pair : pair.substring(0, eq)), StandardCharsets.UTF_8);
                byte[] value = eq < 0 ? new byte[0] : PercentEncoding.decode(pair.substring(eq + 1));
                params.putIfAbsent(name, value);
            }
        }
        return new Query(params);
    }

    /** The decoded bytes of the value, or {@code null} when the parameter is absent (an empty value is empty). */
    public byte[] bytes(String name) {
        byte[] value = params.get(name);
        return value == null ? null : value.clone();
    }

    /** The value as UTF-8 text (for numbers and flags, never for keys), or {@code null} when absent. */
    public String get(String name) {
        byte[] value = params.get(name);
        return value == null ? null : new String(value, StandardCharsets.UTF_8);
    }
}
