package bench.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code --name value} pairs of a bench's command line, each checked against the options the bench knows. */
final class BenchArgs {
    private final Map<String, String> values = new LinkedHashMap<>();

    /** {@code null} for --help; an IllegalArgumentException naming a bad option. */
    static BenchArgs parse(String[] args, Set<String> known) {
        BenchArgs a = new BenchArgs();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--help") || args[i].equals("-h")) {
                return null;
            }
            if (!known.contains(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + " (known: " + String.join(", ", known) + ")");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            a.values.put(args[i], args[++i]);
        }
        return a;
    }

    String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    long positive(String name, long fallback) {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            long n = Long.parseLong(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(name + " takes a positive whole number, got '" + v + "'");
    }

    List<Long> rates(String name, String fallback) {
        String v = values.getOrDefault(name, fallback);
        try {
            List<Long> rates = java.util.Arrays.stream(v.split(",")).map(String::trim).map(Long::parseLong).toList();
            if (rates.stream().allMatch(r -> r > 0)) {
                return rates;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(name + " takes positive rates separated by commas, e.g. 10000,25000; got '"
                + v + "'");
    }

    String duration(String name, String fallback) {
        String v = values.getOrDefault(name, fallback);
        if (!v.matches("\\d+(s|m)")) {
            throw new IllegalArgumentException(name + " takes e.g. 10s or 1m, got '" + v + "'");
        }
        return v;
    }

    static double median(List<Double> xs) {
        List<Double> sorted = xs.stream().filter(x -> x != null && !x.isNaN()).sorted().toList();
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
