package solutions.stage1;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** The query parameters of a request URI, percent-decoded as UTF-8; the first occurrence of a name wins. */
public final class Query {
    private final Map<String, String> params;

    private Query(Map<String, String> params) {
        this.params = params;
    }

    public static Query of(String uri) {
        Map<String, String> params = new HashMap<>();
        int q = uri.indexOf('?');
        if (q >= 0) {
            for (String pair : uri.substring(q + 1).split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                params.putIfAbsent(name, value);
            }
        }
        return new Query(params);
    }

    /** The value, or {@code null} when the parameter is absent (an empty value is ""). */
    public String get(String name) {
        return params.get(name);
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
