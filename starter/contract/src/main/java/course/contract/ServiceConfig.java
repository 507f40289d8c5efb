package course.contract;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * Everything a node is told when it is created.
 *
 * @param selfPort      the port this node listens on
 * @param selfUrl       this node's own URL, exactly as it appears in {@code clusterUrls}
 * @param clusterUrls   the URLs of all nodes of the cluster, sorted, including {@code selfUrl}
 * @param workingDir    a directory that belongs to this node alone: all its files live there
 * @param clusterSecret a secret every node of the cluster is given and no client knows: a request from one node to
 *                      another carries it, and <a id="c-secret"></a>a node serves a request as another node's (e.g. a
 *                      replica write with the coordinator's timestamp) only when it does. At least
 *                      {@value #MIN_SECRET_LENGTH} printable ASCII characters without spaces, so it fits in an HTTP
 *                      header as it is.
 */
public record ServiceConfig(
        int selfPort, String selfUrl, List<String> clusterUrls, Path workingDir, String clusterSecret) {
    public static final int MIN_SECRET_LENGTH = 16;

    private static final SecureRandom RANDOM = new SecureRandom();

    public ServiceConfig {
        Objects.requireNonNull(selfUrl, "selfUrl");
        Objects.requireNonNull(workingDir, "workingDir");
        clusterUrls = List.copyOf(clusterUrls);
        if (!clusterUrls.contains(selfUrl)) {
            throw new IllegalArgumentException("selfUrl " + selfUrl + " is not among clusterUrls " + clusterUrls);
        }
        if (!clusterUrls.stream().sorted().toList().equals(clusterUrls)) {
            throw new IllegalArgumentException("clusterUrls must be sorted: " + clusterUrls);
        }
        checkSecret(clusterSecret);
    }

    /** A one-node cluster on localhost, with a secret of its own (no other node needs to know it). */
    public static ServiceConfig single(int port, Path workingDir) {
        String url = "http://localhost:" + port;
        return new ServiceConfig(port, url, List.of(url), workingDir, newSecret());
    }

    /** A new random cluster secret: 128 bits, URL-safe Base64. */
    public static String newSecret() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Throws {@link IllegalArgumentException} saying what is wrong with {@code secret}, if anything. */
    public static void checkSecret(String secret) {
        if (secret == null) {
            throw new IllegalArgumentException("clusterSecret is missing: every node of a cluster needs the same one");
        }
        if (secret.length() < MIN_SECRET_LENGTH) {
            throw new IllegalArgumentException("clusterSecret must have at least " + MIN_SECRET_LENGTH
                    + " characters, got " + secret.length() + " (ServiceConfig.newSecret() makes one)");
        }
        if (!secret.chars().allMatch(c -> c > ' ' && c < 127)) {
            throw new IllegalArgumentException("clusterSecret must be printable ASCII without spaces, "
                    + "so that it fits in an HTTP header (ServiceConfig.newSecret() makes one)");
        }
    }

    /** Everything but the secret, which must not end up in logs. */
    @Override
    public String toString() {
        return "ServiceConfig[selfPort=" + selfPort + ", selfUrl=" + selfUrl + ", clusterUrls=" + clusterUrls
                + ", workingDir=" + workingDir + ", clusterSecret=(hidden)]";
    }
}
