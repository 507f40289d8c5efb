package course.harness;

import course.contract.ServiceConfig;
import java.nio.file.Path;
import java.util.List;

/** A one-node cluster's node in a JVM of its own, on a free port, for tests of what the harness does with it. */
final class LoneNode {
    private LoneNode() {}

    /** The node of {@code factory}, its files and its log under {@code dir}; not started yet. */
    static ProcessNode in(Path dir, Class<?> factory, String heap, NodeJvm jvm) {
        int port = Ports.free(1).get(0);
        String url = "http://localhost:" + port;
        return new ProcessNode(
                port,
                url,
                List.of(url),
                dir.resolve("node"),
                dir.resolve("node.log"),
                factory.getName(),
                heap,
                jvm.flags(),
                ServiceConfig.newSecret());
    }
}
