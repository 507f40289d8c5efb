package bench.server;

import course.harness.Ports;
import course.runtime.Launcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import solutions.stage1.Stage1Factory;

/**
 * The stage-1 reference in a JVM of its own over an LSM database filled with {@code keys} keys, in the folder
 * {@code work}; both deleted on close.
 */
record FilledReference(Path work, ServerProcess server) implements AutoCloseable {

    static FilledReference start(String bench, long keys, int valueSize) throws IOException {
        Path work = Files.createTempDirectory("course-bench-" + bench + "-");
        long t0 = System.nanoTime();
        ServerBench.fill(work.resolve("db"), new BenchKeys(keys, valueSize));
        System.out.printf(
                Locale.ROOT,
                "filled the stage-1 reference's database with %d keys of %d bytes in %.1f s%n",
                keys,
                valueSize,
                (System.nanoTime() - t0) / 1e9);
        int port = Ports.free(1).get(0);
        ServerProcess server = ServerProcess.start(
                "reference",
                work.resolve("reference.log"),
                Launcher.class.getName(),
                "--port",
                String.valueOf(port),
                "--dir",
                work.resolve("db").toString(),
                "--factory",
                Stage1Factory.class.getName());
        return new FilledReference(work, server);
    }

    String url() {
        return server.url;
    }

    @Override
    public void close() throws IOException {
        server.close();
        try (var paths = Files.walk(work)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
