package solutions.lsm;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Iterator;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * A check run by hand, not a unit test (it writes over a gigabyte): fills a database larger than the heap,
 * compacts it, reopens it, reads random keys and scans it all, printing heap use. Run under -Xmx128m:
 * <pre>java -Xmx128m -cp CLASSPATH solutions.lsm.LargeDatabaseCheck DIR [GiB]</pre>
 * DIR must not exist; it is deleted at the end.
 */
public final class LargeDatabaseCheck {
    private static final int VALUE_BYTES = 1024;

    private LargeDatabaseCheck() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || Files.exists(Path.of(args[0]))) {
            System.err.println("usage: LargeDatabaseCheck NEW_DIR [GiB, default 1.2]; NEW_DIR must not exist");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        double gib = args.length > 1 ? Double.parseDouble(args[1]) : 1.2;
        long keys = (long) (gib * (1L << 30) / VALUE_BYTES);
        StorageConfig config = new StorageConfig(dir, 16L << 20);
        long t0 = System.nanoTime();
        try {
            try (LsmStorage storage = LsmStorage.open(config)) {
                for (long i = 0; i < keys; i++) {
                    storage.upsert(new Entry(key(i), value(i)));
                }
                report("filled " + keys + " keys, " + storage.tableCount() + " tables", t0);
                storage.compact();
                report("compacted to " + storage.tableCount() + " table(s)", t0);
            }
            report("closed; database is " + directorySize(dir) / (1 << 20) + " MiB on disk", t0);
            try (LsmStorage storage = LsmStorage.open(config)) {
                report("reopened (checksums verified)", t0);
                SplittableRandom random = new SplittableRandom(1);
                for (int n = 0; n < 200_000; n++) {
                    long i = random.nextLong(keys);
                    byte[] v = storage.get(key(i));
                    if (v == null || ByteBuffer.wrap(v).getLong() != i) {
                        throw new IllegalStateException("wrong value for key " + i);
                    }
                }
                report("200000 random reads verified", t0);
                long count = 0;
                for (Iterator<Entry> it = storage.range(null, null); it.hasNext(); it.next()) {
                    count++;
                }
                if (count != keys) {
                    throw new IllegalStateException("scan saw " + count + " of " + keys + " keys");
                }
                report("full scan saw all " + count + " keys", t0);
            }
        } finally {
            deleteTree(dir);
        }
    }

    private static byte[] key(long i) {
        return ByteBuffer.allocate(8).putLong(Long.reverse(i)).array();
    }

    private static byte[] value(long i) {
        byte[] v = new byte[VALUE_BYTES];
        ByteBuffer.wrap(v).putLong(i);
        return v;
    }

    private static void report(String what, long t0) {
        Runtime rt = Runtime.getRuntime();
        long peak = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed())
                .sum();
        System.out.printf(
                "[%6.1f s] %s; heap used %d MiB, max %d MiB, peak (sum of pools) %d MiB%n",
                (System.nanoTime() - t0) / 1e9,
                what,
                (rt.totalMemory() - rt.freeMemory()) >> 20,
                rt.maxMemory() >> 20,
                peak >> 20);
    }

    private static long directorySize(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
