package bench;

import course.command.OptionValues.IntRange;
import course.command.OptionValues.Range;

/** The bounds of the benches' options, each written once and named by every option that takes it. */
public final class BenchValues {
    private BenchValues() {}

    /** Keys or reads: 1 to a billion. */
    public static final class Count extends Range {
        public Count() {
            super(1, 1_000_000_000L);
        }
    }

    /** Bytes of a value served over HTTP: 1 B to 64 MiB. */
    public static final class ValueBytes extends IntRange {
        public ValueBytes() {
            super(1, 64 << 20);
        }
    }

    /** Bytes of a value in the storage bench: 8 B to 1 MiB. */
    public static final class StoredValueBytes extends IntRange {
        public StoredValueBytes() {
            super(8, 1 << 20);
        }
    }

    /** A memory cgroup's limit in MiB: 64 MiB to 1 TiB. */
    public static final class MemoryMiB extends Range {
        public MemoryMiB() {
            super(64, 1 << 20);
        }
    }

    public static final class Repeats extends Range {
        public Repeats() {
            super(1, 1000);
        }
    }

    /** Requests per second. */
    public static final class Rate extends Range {
        public Rate() {
            super(1, 10_000_000);
        }
    }

    /** The load generator's connections. */
    public static final class Connections extends IntRange {
        public Connections() {
            super(1, 100_000);
        }
    }

    /** The load generator's threads. */
    public static final class Threads extends IntRange {
        public Threads() {
            super(1, 256);
        }
    }
}
