package bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/** {@code bench storage}: the same fill, point reads and full scan over the reference engine and RocksDB. */
final class StorageBench {
    static final long FLUSH_THRESHOLD_BYTES = 16L << 20;
    private static final long SEED = 42;

    private final StorageBenchOptions options;
    private final BenchData data;
    private final long started = System.nanoTime();

    private StorageBench(StorageBenchOptions options) {
        this.options = options;
        this.data = new BenchData(options.valueSize(), SEED);
    }

    /** {@code ./course bench storage ARGS}, as a test runs it; returns the exit status. */
    static int run(String[] args) {
        String[] all = new String[args.length + 1];
        all[0] = "storage";
        System.arraycopy(args, 0, all, 1, args.length);
        return BenchCommand.run(all);
    }

    /** Fills both engines, measures them and saves the results; returns the exit status. */
    static int run(StorageBenchOptions options) throws Exception {
        List<Measurement> results = new StorageBench(options).measure();
        System.out.println();
        System.out.print(ResultTable.text(results));
        MemoryCgroup group = LimitedRun.current();
        MemoryUse memory =
                group == null ? null : new MemoryUse(options.memoryLimitBytes(), group.peakBytes(), group.limitHits());
        if (memory != null) {
            System.out.println(memory.sentence());
        }
        ResultTable.writeJson(options, results, memory);
        System.out.println("saved " + options.out().toAbsolutePath());
        return 0;
    }

    static String checkDirectory(StorageBenchOptions options) throws IOException {
        if (!Files.isDirectory(options.dir())) {
            return "--dir " + options.dir() + " is not a directory; create it or pick another";
        }
        FileStore store = Files.getFileStore(options.dir());
        // Two databases plus the reference's log and the compaction's second copy, with some slack.
        long needed = (long) (options.keys() * (options.valueSize() + 40.0) * 3.5);
        if (store.getUsableSpace() < needed) {
            return String.format(
                    "--dir %s has %.1f GiB free, the run needs about %.1f GiB; free space, pick another"
                            + " --dir, or lower --keys",
                    options.dir(), store.getUsableSpace() / 1073741824.0, needed / 1073741824.0);
        }
        return null;
    }

    private List<Measurement> measure() throws Exception {
        Path root = Files.createTempDirectory(options.dir(), "bench-storage-");
        progress("data in " + root + ": " + options.keys() + " keys x " + options.valueSize() + " B values, "
                + options.reads() + " reads per engine");
        progress("rocksdb: " + RocksDbEngine.settings());
        List<Measurement> results = new ArrayList<>();
        try (BenchEngine reference = new ReferenceEngine(root.resolve("reference"), FLUSH_THRESHOLD_BYTES);
                BenchEngine rocks = new RocksDbEngine(root.resolve("rocksdb"), FLUSH_THRESHOLD_BYTES)) {
            List<BenchEngine> engines = List.of(reference, rocks);
            for (BenchEngine engine : engines) {
                results.add(fill(engine));
                long t = System.nanoTime();
                engine.settle();
                progress(engine.name() + " flush + compaction took " + seconds(System.nanoTime() - t) + " s");
            }
            for (BenchEngine engine : engines) {
                results.add(reads(engine));
            }
            for (BenchEngine engine : engines) {
                results.add(scan(engine));
            }
        } finally {
            deleteTree(root);
        }
        return results;
    }

    private Measurement fill(BenchEngine engine) throws IOException {
        Histogram h = Measurement.newHistogram();
        DiskReads disk = DiskReads.now();
        long start = System.nanoTime();
        for (long i = 0; i < options.keys(); i++) {
            byte[] key = BenchData.key(i);
            byte[] value = data.value(i);
            long t = System.nanoTime();
            engine.put(key, value);
            h.recordValue(System.nanoTime() - t);
        }
        return done(engine, "fill", options.keys(), start, h, disk);
    }

    private Measurement reads(BenchEngine engine) throws IOException {
        SplittableRandom warmup = new SplittableRandom(SEED);
        for (long n = 0; n < Math.min(50_000, options.reads()); n++) {
            long i = warmup.nextLong(options.keys());
            engine.get(BenchData.key(i)); // lets the JIT compile the read path before timing starts
        }
        SplittableRandom random = new SplittableRandom(SEED + 1);
        Histogram h = Measurement.newHistogram();
        DiskReads disk = DiskReads.now();
        long start = System.nanoTime();
        for (long n = 0; n < options.reads(); n++) {
            long i = random.nextLong(options.keys());
            byte[] key = BenchData.key(i);
            long t = System.nanoTime();
            byte[] value = engine.get(key);
            h.recordValue(System.nanoTime() - t);
            if (!BenchData.isValueOf(value, i, options.valueSize())) {
                throw new IllegalStateException(engine.name() + " returned a wrong value for key index " + i);
            }
        }
        return done(engine, "random get", options.reads(), start, h, disk);
    }

    private Measurement scan(BenchEngine engine) throws IOException {
        Histogram h = Measurement.newHistogram();
        long count = 0;
        DiskReads disk = DiskReads.now();
        long start = System.nanoTime();
        try (BenchEngine.Scan scan = engine.scan()) {
            while (true) {
                long t = System.nanoTime();
                int length = scan.next();
                h.recordValue(System.nanoTime() - t);
                if (length < 0) {
                    break;
                }
                count++;
            }
        }
        if (count != options.keys()) {
            throw new IllegalStateException(
                    engine.name() + " scanned " + count + " entries, expected " + options.keys());
        }
        return done(engine, "full scan", count, start, h, disk);
    }

    /** Prints the phase's line; {@code disk} is what had been read before it, so the line shows the phase's reads. */
    private Measurement done(BenchEngine engine, String operation, long ops, long start, Histogram h, DiskReads disk) {
        Measurement m = Measurement.of(engine.name(), operation, ops, System.nanoTime() - start, h);
        progress(String.format(
                "%s %s: %d ops in %.1f s%s",
                engine.name(), operation, ops, m.seconds(), DiskReads.now().since(disk, ops)));
        return m;
    }

    private void progress(String line) {
        System.out.println("[" + seconds(System.nanoTime() - started) + " s] " + line);
    }

    private static String seconds(long nanos) {
        return String.format("%.1f", nanos / 1e9);
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot delete " + p + "; remove " + root + " by hand", e);
                }
            });
        }
    }
}
