package course.runtime;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The {@code course.*} system properties a node reads when it starts (the stage-1 timeouts, the stage-2 settings),
 * carried on the launcher's control channel with {@code start}. A node in a JVM of its own got the test JVM's
 * properties on its command line when it was launched; a test that sets others and starts the same node again must
 * reach it as it reaches a node in the test's JVM, or a node that read its settings once per JVM would pass in one
 * mode and fail in the other.
 */
public final class CourseProperties {
    private static final String PREFIX = "course.";

    private CourseProperties() {}

    /** This JVM's {@code course.*} properties as space-separated {@code NAME=VALUE} tokens, each part URL-encoded. */
    public static String current() {
        Properties all = System.getProperties();
        return all.stringPropertyNames().stream()
                .filter(name -> name.startsWith(PREFIX))
                .sorted()
                .map(name -> encode(name) + "=" + encode(all.getProperty(name)))
                .collect(Collectors.joining(" "));
    }

    /** Makes this JVM's {@code course.*} properties exactly those of {@code tokens}, as {@link #current} wrote them. */
    static void replaceWith(String tokens) {
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith(PREFIX)) {
                System.clearProperty(name);
            }
        }
        for (String token : tokens.trim().split(" ")) {
            int eq = token.indexOf('=');
            if (eq > 0) {
                System.setProperty(decode(token.substring(0, eq)), decode(token.substring(eq + 1)));
            }
        }
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }
}
