package grading;

import course.command.StageFacts;
import course.command.Workload;
import java.util.List;

/**
 * The grader's standard load of a stage, from the stage registry ({@code stages/N-slug/stage.yml}): GET over keys
 * that a PUT fill wrote first, through node 0 of the stage's cluster ({@code nodes}). The GET shape (connections,
 * threads, keys) is the stage's standard {@code get} run, the values are as large as its standard {@code put} run
 * writes; the key space is capped at {@link #MAX_KEYS} so that the fill stays a few seconds on each side. The
 * standard GET rate is kept to say whether a side sustained it.
 */
record StandardWorkload(
        int nodes, int connections, int threads, long keys, int valueSize, String source, Integer standardRate) {
    static final long MAX_KEYS = 10_000;
    static final StandardWorkload DEFAULT = new StandardWorkload(1, 16, 2, MAX_KEYS, 100, "the grader's default", null);

    /** The stage's workload; {@code notes} learns where it came from and what was changed. */
    static StandardWorkload of(StageFacts stage, List<String> notes) {
        String file = "stages/" + stage.folder() + "/stage.yml";
        Workload get = stage.workload("get").orElse(null);
        if (get == null) {
            notes.add("performance: " + file + " has no standard 'get' run; the grader's default shape is used");
            return new StandardWorkload(
                    stage.nodes(),
                    DEFAULT.connections,
                    DEFAULT.threads,
                    DEFAULT.keys,
                    DEFAULT.valueSize,
                    DEFAULT.source,
                    null);
        }
        int valueSize = stage.workload("put").map(Workload::valueSize).orElse(get.valueSize());
        long keys = get.keys();
        if (keys > MAX_KEYS) {
            notes.add("performance: the 'get' standard workload of " + file + " has " + keys
                    + " keys; the grader fills and reads " + MAX_KEYS + " so the fill stays short");
            keys = MAX_KEYS;
        }
        int connections = Math.min(get.connections(), 1024);
        return new StandardWorkload(
                stage.nodes(),
                connections,
                Math.min(Math.min(get.threads(), 16), connections),
                keys,
                valueSize,
                file,
                get.rate());
    }

    /** The workload in a few words, for progress lines. */
    List<String> describe() {
        return List.of(
                "nodes=" + nodes, "c=" + connections, "t=" + threads, "keys=" + keys, "value=" + valueSize + "B");
    }
}
