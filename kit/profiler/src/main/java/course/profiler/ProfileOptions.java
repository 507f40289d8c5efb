package course.profiler;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** The command line of {@code ./course profile}, checked. Exactly one of pid and port is set. */
record ProfileOptions(Long pid, Integer port, List<String> events, Duration duration, Path out, boolean help) {
    static final String USAGE = """
            usage: ./course profile (--pid PID | --port PORT) [--event cpu,alloc,lock,wall] [--duration 30s] [--out DIR]

            Attaches async-profiler to a running JVM (a node started with ./course run, say), profiles it for the
            duration and writes one HTML flame graph per event, plus the raw recording (profile.jfr).

              --pid PID          the JVM to profile (list JVMs with 'jps -l')
              --port PORT        or: the JVM that listens on this local TCP port
              --event LIST       comma-separated: cpu (default), alloc, lock, wall; all are recorded at once
              --duration TIME    how long to profile: 30s (default), 2m, 500ms
              --out DIR          where to write cpu.html, alloc.html, ... (default results/profiles/<timestamp>/)
              -h, --help         print this help

            example: ./course profile --port 8080 --event cpu,alloc --duration 20s
            Run a load (./course load) at the same time, or the graphs show an idle server.""";

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    static ProfileOptions parse(String[] args) throws UsageException {
        Long pid = null;
        Integer port = null;
        List<String> events = new ArrayList<>();
        Duration duration = Duration.ofSeconds(30);
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            switch (name) {
                case "-h", "--help" -> {
                    return new ProfileOptions(null, null, List.of(), duration, null, true);
                }
                case "--pid" -> pid = number(name, value != null ? value : next(args, ++i, name), 1, Long.MAX_VALUE);
                case "--port" -> port = (int) number(name, value != null ? value : next(args, ++i, name), 1, 65535);
                case "--event", "--events", "-e" -> {
                    for (String event : (value != null ? value : next(args, ++i, name)).split(",")) {
                        events.add(checkedEvent(event));
                    }
                }
                case "--duration", "-d" -> duration = DurationArg.parse(name, value != null ? value : next(args, ++i, name));
                case "--out", "-o" -> out = Path.of(value != null ? value : next(args, ++i, name));
                default -> throw new UsageException("unknown option '" + arg + "' (see --help)");
            }
        }
        if ((pid == null) == (port == null)) {
            throw new UsageException(pid == null
                    ? "say which JVM to profile: --pid PID or --port PORT (see --help)"
                    : "give either --pid or --port, not both");
        }
        if (events.isEmpty()) {
            events.add("cpu");
        }
        if (out == null) {
            out = Path.of("results", "profiles", LocalDateTime.now().format(STAMP));
        }
        return new ProfileOptions(pid, port, List.copyOf(events), duration, out, false);
    }

    private static String next(String[] args, int index, String name) throws UsageException {
        if (index >= args.length) {
            throw new UsageException(name + " needs a value (see --help)");
        }
        return args[index];
    }

    private static long number(String name, String text, long min, long max) throws UsageException {
        long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(name + " '" + text + "' is not a number");
        }
        if (value < min || value > max) {
            throw new UsageException(name + " must be between " + min + " and " + max + ", got " + value);
        }
        return value;
    }

    private static String checkedEvent(String event) throws UsageException {
        try {
            return ProfilerEvent.parse(event).id();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
