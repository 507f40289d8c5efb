package grading.mutants;

import java.util.HashMap;
import java.util.Map;

/** A query parser as a student's first one is written: it throws on what it did not expect. */
public final class FirstParser {
    private FirstParser() {}

    /** name=value pairs as a first parser splits them: a pair without '=' has no element 1. */
    public static Map<String, String> parameters(String uri) {
        Map<String, String> params = new HashMap<>();
        int q = uri.indexOf('?');
        for (String pair : uri.substring(q + 1).split("&")) {
            String[] nameAndValue = pair.split("=", 2);
            params.putIfAbsent(nameAndValue[0], nameAndValue[1]);
        }
        return params;
    }
}
