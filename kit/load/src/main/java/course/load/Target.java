package course.load;

import java.net.URI;
import java.net.URISyntaxException;

/** One server to load: {@code http://host:port}, parsed once so requests are built without string work. */
public record Target(String url, String host, int port) {

    /**
     * Parses {@code http://host:port} (a trailing slash or path is not allowed: the path is the protocol's); refuses
     * anything else with an {@link IllegalArgumentException} saying what to write.
     */
    public static Target parse(String text) {
        String t = text.trim();
        URI uri;
        try {
            uri = new URI(t);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(
                    "--url '" + text + "' is not a URL; write it like http://localhost:8080");
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("--url '" + text
                    + "' must be an http:// URL with a host, like http://localhost:8080" + " (https is not supported)");
        }
        String path = uri.getRawPath();
        if ((path != null && !path.isEmpty() && !path.equals("/")) || uri.getRawQuery() != null) {
            throw new IllegalArgumentException("--url '" + text + "' has a path or query; give only http://host:port,"
                    + " the generator adds /v0/entity?id=... itself");
        }
        int port = uri.getPort() == -1 ? 80 : uri.getPort();
        String url = "http://" + uri.getHost() + ":" + port;
        return new Target(url, uri.getHost(), port);
    }

    String hostHeader() {
        return host + ":" + port;
    }
}
