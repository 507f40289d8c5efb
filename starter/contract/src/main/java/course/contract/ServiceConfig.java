package course.contract;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Everything a node is told when it is created.
 *
 * @param selfPort    the port this node listens on
 * @param selfUrl     this node's own URL, exactly as it appears in {@code clusterUrls}
 * @param clusterUrls the URLs of all nodes of the cluster, sorted, including {@code selfUrl}
 * @param workingDir  a directory that belongs to this node alone: all its files live there
 */
public record ServiceConfig(int selfPort, String selfUrl, List<String> clusterUrls, Path workingDir) {
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
    }

    /** A one-node cluster on localhost. */
    public static ServiceConfig single(int port, Path workingDir) {
        String url = "http://localhost:" + port;
        return new ServiceConfig(port, url, List.of(url), workingDir);
    }
}
