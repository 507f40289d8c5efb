package course.runtime;

import course.command.CourseCommand;
import course.command.OptionValues;
import course.command.OutFolder;
import course.contract.ServiceConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The command line of {@code ./course launch} ({@link Launcher}): which node to start, where, in which cluster. */
@Command(
        name = "launch",
        sortOptions = false,
        synopsisHeading = "",
        customSynopsis = "usage: ./course launch --port PORT --dir DIR [--url URL] [--cluster URL,URL,...]"
                + " [--factory CLASS] [--control stdin]%n",
        description = {
            "Starts one node and keeps it running until the JVM is told to stop. Prints one line "
                    + "'READY <url>' once the node accepts requests; exits 3 when the port was taken, 2 on a bad command "
                    + "line, 4 when the node failed to start.",
            ""
        },
        footer = {
            "",
            "Environment:",
            "  " + Launcher.SECRET_ENV + "  the secret all nodes of the cluster share: required with more than"
                    + " one node,",
            "      at least " + ServiceConfig.MIN_SECRET_LENGTH + " printable characters (e.g. from 'openssl rand"
                    + " -hex 16'); nodes accept requests from other nodes only with it.",
            "      Not an option: a command line is visible to every user of the machine (ps), an environment"
                    + " only to its owner."
        })
final class LaunchOptions extends CourseCommand {
    @Option(
            names = "--port",
            order = 1,
            required = true,
            paramLabel = "PORT",
            converter = OptionValues.Port.class,
            description = "Port to listen on.")
    private int port;

    @Option(
            names = "--dir",
            order = 2,
            required = true,
            paramLabel = "DIR",
            converter = OutFolder.FolderToWrite.class,
            description = "The node's own working directory (created if missing).")
    private Path dir;

    private String url;
    private List<String> cluster = List.of();

    @Option(
            names = "--factory",
            order = 5,
            paramLabel = "CLASS",
            description = "ServiceFactory class (default: the one declared in submission.properties).")
    private String factory;

    private boolean stdinControl;

    @Option(
            names = "--url",
            order = 3,
            paramLabel = "URL",
            description = "This node's URL as the cluster knows it, one of"
                    + " --cluster (default: http://localhost:PORT; another when the other nodes reach this one through a"
                    + " proxy).")
    void url(String value) {
        String trimmed = value.trim();
        try {
            URI uri = new URI(trimmed);
            if ("http".equals(uri.getScheme())
                    && uri.getHost() != null
                    && uri.getPort() > 0
                    && (uri.getRawPath() == null || uri.getRawPath().isEmpty())
                    && uri.getRawQuery() == null) {
                url = trimmed;
                return;
            }
        } catch (URISyntaxException ignored) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("--url must look like http://HOST:PORT (no path), got '" + value + "'");
    }

    @Option(
            names = "--cluster",
            order = 4,
            paramLabel = "URL,URL,...",
            description = "Comma-separated URLs of all nodes (default: just this node's URL).")
    void cluster(String value) {
        cluster = Arrays.stream(value.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .sorted()
                .toList();
    }

    @Option(
            names = "--control",
            order = 6,
            paramLabel = "stdin",
            description = "Take 'stop' and 'start' lines on stdin and"
                    + " apply them to the SAME service object (answering STOPPED, or READY as at start); end when stdin ends."
                    + " Test harnesses use it so that a node in a JVM of its own is restarted exactly like one in the test's"
                    + " JVM; 'start [NAME=VALUE ...]' first makes the JVM's course.* system properties exactly those given"
                    + " (each part URL-encoded; none: no course.* property), the test JVM's as the node starts again."
                    + " 'threads FILE' writes a dump of every thread of this JVM (virtual ones too) to FILE, a path that"
                    + " does not exist yet, and answers DUMPED FILE: tests look at the node's threads.")
    void control(String value) {
        if (!value.equals("stdin")) {
            throw new IllegalArgumentException("--control knows only 'stdin', got '" + value + "'");
        }
        stdinControl = true;
    }

    /** Starts the node; a rule between options broken is a usage error (exit 2) like a bad option. */
    @Override
    public Integer call() {
        ServiceConfig config;
        try {
            config = config(System.getenv(Launcher.SECRET_ENV));
        } catch (IllegalArgumentException e) {
            throw usage(e);
        }
        return Launcher.run(factory, stdinControl, config);
    }

    /**
     * The node's config, checking the rules between options and the environment's secret ({@code null} when
     * {@value Launcher#SECRET_ENV} is not set); a broken rule is an {@link IllegalArgumentException} saying which.
     */
    ServiceConfig config(String secret) {
        if (url != null && !cluster.isEmpty() && !cluster.contains(url)) {
            throw new IllegalArgumentException("--url " + url + " is not one of --cluster " + cluster
                    + ": give this node's URL exactly as it appears in the cluster list");
        }
        if (secret == null || secret.isEmpty()) {
            if (cluster.size() > 1) {
                throw new IllegalArgumentException("a cluster of " + cluster.size() + " nodes needs a secret that all"
                        + " of them share: set the environment variable " + Launcher.SECRET_ENV + " to the same value"
                        + " (at least " + ServiceConfig.MIN_SECRET_LENGTH + " printable characters, e.g. from"
                        + " 'openssl rand -hex 16') for every node");
            }
            secret = ServiceConfig.newSecret();
        }
        try {
            ServiceConfig.checkSecret(secret);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(Launcher.SECRET_ENV + ": " + e.getMessage());
        }
        String self = url != null ? url : "http://localhost:" + port;
        return new ServiceConfig(port, self, cluster.isEmpty() ? List.of(self) : cluster, dir, secret);
    }
}
