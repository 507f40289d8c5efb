package course.load;

import course.command.UsageException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The words of wrk2's command line that the course's own options do not already cover, so a line from an earlier
 * report ({@code wrk2 -t1 -c8 -d20s -R1000 -L -s get.lua http://localhost:8080/}) runs as it is. {@code -t -c -d -R
 * --timeout} are the course's options already.
 */
final class Wrk2Syntax {
    // Headers the generator writes itself: a second copy would make the request ambiguous (RFC 9112 6.3).
    private static final List<String> OWN_HEADERS = List.of("host", "content-length", "transfer-encoding");

    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    private String url;
    private WorkloadKind scriptWorkload;
    private boolean uncorrected;
    private final List<String> headers = new ArrayList<>();

    @Parameters(arity = "0..1", paramLabel = "URL", description = "wrk2's way to give the target: the same as --url.")
    void url(String text) {
        Target.parse(text);
        url = text;
    }

    @Option(
            names = {"-L", "--latency"},
            order = 40,
            description = "wrk2's detailed latency statistics: always printed (the percentile spectrum).")
    boolean latency;

    @Option(
            names = {"-U", "--u_latency"},
            order = 41,
            description = "wrk2's uncorrected latency: also print the latency from each request's actual send"
                    + " (not recorded; it hides a stalled server's queue).")
    void uncorrected(boolean on) {
        uncorrected = on;
    }

    @Option(
            names = {"-H", "--header"},
            paramLabel = "'Name: value'",
            order = 42,
            description = "An extra header on every request, as in wrk2 (repeatable).")
    void header(String line) {
        int colon = line.indexOf(':');
        if (colon <= 0
                || line.substring(0, colon).isBlank()
                || line.substring(0, colon).contains(" ")
                || line.contains("\r")
                || line.contains("\n")) {
            throw new IllegalArgumentException("-H '" + line + "' is not a header; write it like -H 'X-Trace: 1'");
        }
        String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
        if (OWN_HEADERS.contains(name)) {
            throw new IllegalArgumentException(
                    "-H '" + line + "': the generator sets " + name + " itself; drop this header");
        }
        headers.add(line.substring(0, colon).trim() + ": "
                + line.substring(colon + 1).trim());
    }

    @Option(
            names = {"-s", "--script"},
            paramLabel = "SCRIPT",
            order = 43,
            description = "wrk2's lua script: the course's get.lua, put.lua, mixed.lua, delete.lua run as --workload"
                    + " get/put/mixed/delete; other scripts are refused (the generator does not run lua).")
    void script(String path) {
        Path name = Path.of(path).getFileName();
        String file = name == null ? path : name.toString();
        for (WorkloadKind kind : WorkloadKind.values()) {
            if (file.equals(kind.label() + ".lua")) {
                scriptWorkload = kind;
                return;
            }
        }
        throw new IllegalArgumentException("-s " + path + ": the course's generator does not run"
                + " lua scripts; it knows the workloads of the course's own scripts get.lua, put.lua, mixed.lua and"
                + " delete.lua (all four from kit/load/src/main/resources/course/load/lua/workload.lua). Say what"
                + " your script does with --workload get|put|mixed|delete (and --keys, --key-order, --value-size).");
    }

    /** Applies the wrk2 words to {@code o}; a positional URL and --url together are a usage error. */
    void applyTo(LoadOptions o, PrintStream err) throws UsageException {
        if (url != null) {
            if (!o.targets().isEmpty()) {
                throw new UsageException("the target is given twice (--url and " + url + "); give one");
            }
            o.urls(url);
        }
        if (scriptWorkload != null) {
            if (mixee.commandLine().getParseResult().hasMatchedOption("--workload")) {
                throw new UsageException("-s " + scriptWorkload.label() + ".lua and --workload both say what each"
                        + " request does; give one of them");
            }
            o.workload(scriptWorkload);
            err.println(
                    "course load: -s " + scriptWorkload.label() + ".lua runs as --workload " + scriptWorkload.label()
                            + " (the course's keys k0000000..; see --keys, --key-order, --value-size)");
        }
        if (!headers.isEmpty()) {
            o.headers(headers);
        }
        o.uncorrectedLatency(uncorrected);
    }
}
