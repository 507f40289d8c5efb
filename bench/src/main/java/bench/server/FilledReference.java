package bench.server;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import course.runtime.Launcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import solutions.lsm.LsmStorage;
import solutions.stage1.Stage1Factory;

/**
 * The stage-1 reference in a JVM of its own over an LSM database filled with {@code keys} keys, in the folder
 * {@code work}; both deleted on close.
 */
record FilledReference(Path work, ServerProcess server) implements AutoCloseable {

    static FilledReference start(String bench, long keys, int valueSize) throws IOException {
        Path work = Files.createTempDirectory("course-bench-" + bench + "-");
        fill(work, keys, valueSize);
        return new FilledReference(work, startReference(work));
    }

    /** Fills the LSM database {@code work}/db (flushed and compacted) and says how long that took. */
    static void fill(Path work, long keys, int valueSize) throws IOException {
        long t0 = System.nanoTime();
        BenchKeys data = new BenchKeys(keys, valueSize);
        Path dir = Files.createDirectories(work.resolve("db"));
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 4L << 20))) {
            for (long i = 0; i < data.count(); i++) {
                storage.upsert(new Entry(data.key(i), data.value(i)));
            }
            storage.flush();
            storage.compact();
        }
        System.out.printf(
                Locale.ROOT,
                "filled the stage-1 reference's database with %d keys of %d bytes in %.1f s%n",
                keys,
                valueSize,
                (System.nanoTime() - t0) / 1e9);
    }

    /** The stage-1 reference over {@code work}/db, in a JVM of its own on a free port; its log in {@code work}. */
    static ServerProcess startReference(Path work) throws IOException {
        return ServerProcess.start(
                "reference",
                work.resolve("reference.log"),
                Launcher.class.getName(),
                "--dir",
                work.resolve("db").toString(),
                "--factory",
                Stage1Factory.class.getName());
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
