package course.load;

import course.command.ValueException;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;

/**
 * The kinds of value the load options take, as picocli converters: each kind and its bounds is written once here and
 * named by every option that takes it ({@code converter = Converters.Seconds.class}).
 */
final class Converters {
    private Converters() {}

    /** A value read by one of {@link Values}' readers; each subclass names the reader of one kind. */
    static class Read<T> implements ITypeConverter<T> {
        private final Function<String, T> reader;

        Read(Function<String, T> reader) {
            this.reader = reader;
        }

        @Override
        public T convert(String text) {
            return reader.apply(text);
        }
    }

    static final class Seconds extends Read<Double> {
        Seconds() {
            super(Values::seconds);
        }
    }

    /** A duration, or 0 for "none". */
    static final class SecondsOrNone extends Read<Double> {
        SecondsOrNone() {
            super(text -> text.trim().equals("0") ? 0.0 : Values.seconds(text));
        }
    }

    static final class Positive extends Read<Double> {
        Positive() {
            super(Values::positive);
        }
    }

    static final class Fraction extends Read<Double> {
        Fraction() {
            super(Values::fraction);
        }
    }

    /** A whole number of at least {@code min}: key counts, seeds, pids. */
    static class AtLeast implements ITypeConverter<Long> {
        private final long min;

        AtLeast(long min) {
            this.min = min;
        }

        @Override
        public Long convert(String text) {
            return Values.count(text, min);
        }
    }

    static final class AtLeastOne extends AtLeast {
        AtLeastOne() {
            super(1);
        }
    }

    static final class AtLeastZero extends AtLeast {
        AtLeastZero() {
            super(0);
        }
    }

    /** A whole number from {@code min} to {@code max}; each subclass is one option's range. */
    static class Between implements ITypeConverter<Integer> {
        private final int min;
        private final int max;

        Between(int min, int max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public Integer convert(String text) {
            return Values.intCount(text, min, max);
        }
    }

    static final class Connections extends Between {
        Connections() {
            super(1, 100_000);
        }
    }

    static final class Threads extends Between {
        Threads() {
            super(1, 256);
        }
    }

    static final class ValueSize extends Between {
        ValueSize() {
            super(0, 64 * 1024 * 1024);
        }
    }

    static final class Replicas extends Between {
        Replicas() {
            super(1, 1000);
        }
    }

    static final class StageNumber extends Between {
        StageNumber() {
            super(1, 100);
        }
    }

    static final class Steps extends Between {
        Steps() {
            super(1, 100);
        }
    }

    static final class Repeats extends Between {
        Repeats() {
            super(0, 5);
        }
    }

    static final class Workload extends Read<WorkloadKind> {
        Workload() {
            super(text -> Values.word(WorkloadKind.class, text));
        }
    }

    static final class Order extends Read<KeyOrder> {
        Order() {
            super(text -> Values.word(KeyOrder.class, text));
        }
    }

    /** round-robin (or rr) | random. */
    static final class Pick extends Read<LoadOptions.Pick> {
        Pick() {
            super(text -> text.equals("rr") ? LoadOptions.Pick.ROUND_ROBIN : Values.word(LoadOptions.Pick.class, text));
        }
    }

    /** The server's heap flag, recorded as given. */
    static final class HeapFlag implements ITypeConverter<String> {
        @Override
        public String convert(String text) {
            if (!text.matches("-Xm[xs]\\d+[kKmMgG]?")) {
                throw new ValueException("'" + text + "' should be the server's heap flag, e.g. -Xmx128m");
            }
            return text;
        }
    }
}
