package grading;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The grader's standard load of a stage: GET over keys that a PUT fill wrote first, through node 0 of the stage's
 * cluster. The shape (connections, threads, keys, value size) comes from the {@code get} entry of
 * {@code stages/<N>-*\/stage.yml}'s {@code standard-workloads} when there is one; the key space is capped at
 * {@link #MAX_KEYS} so that the fill stays a few seconds on each side.
 */
record StandardWorkload(int nodes, int connections, int threads, long keys, int valueSize, String source) {
    static final long MAX_KEYS = 20_000;
    static final StandardWorkload DEFAULT = new StandardWorkload(1, 16, 2, 20_000, 100, "the grader's default");
    private static final Pattern ENTRY = Pattern.compile("\\{\\s*name:\\s*get\\s*,([^}]*)}");
    private static final Pattern FIELD = Pattern.compile("([a-z-]+):\\s*([0-9]+)");

    /** The stage's workload; {@code notes} learns where it came from and what was changed. */
    static StandardWorkload of(int stage, Path courseRoot, List<String> notes) {
        int nodes = stage >= 3 ? 3 : 1;
        Path yml = stageFile(courseRoot, stage);
        StandardWorkload w = new StandardWorkload(nodes, DEFAULT.connections, DEFAULT.threads, DEFAULT.keys,
                DEFAULT.valueSize, DEFAULT.source);
        if (yml == null) {
            return w;
        }
        String text;
        try {
            text = Files.readString(yml);
        } catch (IOException e) {
            notes.add("performance: cannot read " + yml + " (" + e.getMessage() + "); used the grader's default load");
            return w;
        }
        Matcher m = ENTRY.matcher(text);
        if (!m.find()) {
            return w;
        }
        int connections = w.connections;
        int threads = w.threads;
        long keys = w.keys;
        int valueSize = w.valueSize;
        Matcher f = FIELD.matcher(m.group(1));
        while (f.find()) {
            long v = Long.parseLong(f.group(2));
            switch (f.group(1)) {
                case "connections" -> connections = (int) Math.max(1, Math.min(v, 1024));
                case "threads" -> threads = (int) Math.max(1, Math.min(v, 16));
                case "keys" -> keys = Math.max(1, v);
                case "value-size" -> valueSize = (int) Math.min(v, 1 << 20);
                default -> { }
            }
        }
        if (keys > MAX_KEYS) {
            notes.add("performance: the 'get' standard workload of " + courseRoot.relativize(yml) + " has " + keys
                    + " keys; the grader fills and reads " + MAX_KEYS + " so the fill stays short");
            keys = MAX_KEYS;
        }
        return new StandardWorkload(nodes, connections, Math.min(threads, connections), keys, valueSize,
                courseRoot.relativize(yml).toString());
    }

    private static Path stageFile(Path root, int stage) {
        Path stages = root.resolve("stages");
        if (!Files.isDirectory(stages)) {
            return null;
        }
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(stages, stage + "-*")) {
            dirs.forEach(d -> {
                if (Files.isRegularFile(d.resolve("stage.yml"))) {
                    found.add(d.resolve("stage.yml"));
                }
            });
        } catch (IOException e) {
            return null;
        }
        return found.size() == 1 ? found.get(0) : null;
    }

    /** The workload in a few words, for progress lines. */
    List<String> describe() {
        return List.of("nodes=" + nodes, "c=" + connections, "t=" + threads, "keys=" + keys, "value=" + valueSize + "B");
    }
}
