package bench;

import java.nio.file.Path;
import java.util.List;

/** The options of {@code bench storage}; {@link #parse} rejects anything it does not understand. */
record StorageBenchOptions(long keys, int valueSize, long reads, Path out, Path dir, boolean help) {
    static final String USAGE = """
            usage: ./course bench storage [--keys N] [--value-size B] [--reads N] [--out FILE] [--dir DIR]

            Fills the reference LSM engine (solutions.lsm.LsmStorage) and RocksDB with the same data in one run,
            then measures uniform random point reads and one full range scan of each, and prints ops/s, p99 and
            the ratio reference/RocksDB. Both engines get the same treatment: a 16 MiB memtable, a write-ahead
            log without fsync, no compression, and a flush + full compaction after the fill.

              --keys N        keys to write (default 1000000)
              --value-size B  bytes per value, 8..1048576 (default 1024)
              --reads N       random point reads per engine (default: as many as keys)
              --out FILE      where to save the results as JSON (default results/bench-storage.json)
              --dir DIR       parent directory for the two databases (default: the system temp directory);
                              they are created in a fresh subdirectory and deleted at the end
            """;

    static StorageBenchOptions parse(List<String> args) {
        long keys = 1_000_000;
        int valueSize = 1024;
        Long reads = null;
        Path out = Path.of("results", "bench-storage.json");
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("-h") || arg.equals("--help")) {
                return new StorageBenchOptions(keys, valueSize, keys, out, dir, true);
            }
            if (!List.of("--keys", "--value-size", "--reads", "--out", "--dir").contains(arg)) {
                throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException(arg + " needs a value");
            }
            String value = args.get(++i);
            switch (arg) {
                case "--keys" -> keys = number(arg, value, 1, 1_000_000_000L);
                case "--value-size" -> valueSize = (int) number(arg, value, 8, 1 << 20);
                case "--reads" -> reads = number(arg, value, 1, 1_000_000_000L);
                case "--out" -> out = Path.of(value);
                default -> dir = Path.of(value);
            }
        }
        return new StorageBenchOptions(keys, valueSize, reads == null ? keys : reads, out, dir, false);
    }

    private static long number(String option, String value, long min, long max) {
        long n;
        try {
            n = Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, got '" + value + "'");
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(option + " must be between " + min + " and " + max + ", got " + n);
        }
        return n;
    }
}
