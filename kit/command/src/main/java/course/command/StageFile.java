package course.command;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one {@code stages/N-slug/stage.yml} into a {@link Stage}, strictly: an unknown field is refused (a typo
 * would otherwise fall back to a default nobody chose), and every problem is a {@link StageFileException} naming
 * the file and the field.
 */
final class StageFile {
    static final String NAME = "stage.yml";
    private static final Set<String> FIELDS = Set.of("stage", "title", "slug", "nodes", "replication", "reference",
            "endpoints", "standard-workloads", "demo-note");
    private static final Set<String> WORKLOAD_FIELDS = Set.of("name", "rate", "connections", "threads", "duration",
            "keys", "value-size");
    private static final Pattern DURATION = Pattern.compile("([1-9][0-9]{0,5})(ms|s|m)");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Path file;

    private StageFile(Path file) {
        this.file = file;
    }

    /** The stage of {@code folder} ({@code N-slug}), from its stage.yml. */
    static Stage read(Path folder, int folderNumber, String folderSlug) {
        Path file = folder.resolve(NAME);
        StageFile f = new StageFile(file);
        if (!Files.isRegularFile(file)) {
            throw new StageFileException(file, null, "is missing: every stage folder needs one (copy the stage.yml"
                    + " of another stage and change its facts)");
        }
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (JacksonException e) {
            String why = e.getOriginalMessage().replaceAll("\\s+", " ");
            throw new StageFileException(file, null, "is not valid YAML (" + why + ", line "
                    + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()) + ")");
        } catch (IOException e) {
            throw new StageFileException(file, null, "cannot be read (" + e.getMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new StageFileException(file, null, "must be a mapping of fields (stage: 1, title: ..., ...)");
        }
        return f.stage(root, folderNumber, folderSlug);
    }

    private Stage stage(JsonNode root, int folderNumber, String folderSlug) {
        unknownFields(root, FIELDS, "");
        int number = (int) number(root, "stage", "stage", 1, 1000);
        if (number != folderNumber) {
            throw new StageFileException(file, "stage", "says " + number + " but the folder is stage " + folderNumber
                    + ": make them agree");
        }
        String slug = text(root, "slug", "slug");
        if (!slug.equals(folderSlug)) {
            throw new StageFileException(file, "slug", "says '" + slug + "' but the folder is " + folderNumber + "-"
                    + folderSlug + ": make them agree");
        }
        return new Stage(number, folderNumber + "-" + folderSlug, text(root, "title", "title"), slug,
                (int) number(root, "nodes", "nodes", 1, 16), replication(root.get("replication")),
                root.has("reference") ? className(text(root, "reference", "reference")) : null,
                endpoints(root), workloads(root.get("standard-workloads")),
                root.has("demo-note") ? text(root, "demo-note", "demo-note") : null);
    }

    private Replication replication(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw new StageFileException(file, "replication", "must be a mapping like {ack: majority, from: all}");
        }
        unknownFields(node, Set.of("ack", "from"), "replication.");
        String ack = scalar(node, "ack", "replication.ack");
        String from = scalar(node, "from", "replication.from");
        try {
            return new Replication(ack, from);
        } catch (IllegalArgumentException e) {
            throw new StageFileException(file, "replication", e.getMessage());
        }
    }

    private String className(String name) {
        if (!name.matches("([a-zA-Z_$][\\w$]*\\.)+[a-zA-Z_$][\\w$]*")) {
            throw new StageFileException(file, "reference", "'" + name + "' is not a fully qualified class name like"
                    + " student.StudentServiceFactory");
        }
        return name;
    }

    private List<String> endpoints(JsonNode root) {
        JsonNode list = root.get("endpoints");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw new StageFileException(file, "endpoints", (list == null ? "is missing" : "must be a non-empty list")
                    + ": list the paths a node of this stage serves, e.g. [/v0/entity]");
        }
        List<String> paths = new ArrayList<>();
        for (JsonNode e : list) {
            if (!e.isTextual() || !e.asText().startsWith("/")) {
                throw new StageFileException(file, "endpoints", "'" + e.asText() + "' is not a path starting with /");
            }
            paths.add(e.asText());
        }
        return paths;
    }

    private List<Workload> workloads(JsonNode list) {
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new StageFileException(file, "standard-workloads", "must be a list of {name: ..., rate: ..., ...}");
        }
        List<Workload> workloads = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode w = list.get(i);
            String at = "standard-workloads[" + i + "].";
            if (!w.isObject()) {
                throw new StageFileException(file, at.substring(0, at.length() - 1), "must be a mapping like {name:"
                        + " get, rate: 5000, connections: 64, threads: 2, duration: 30s, keys: 100000, value-size: 100}");
            }
            unknownFields(w, WORKLOAD_FIELDS, at);
            String name = text(w, "name", at + "name");
            if (!name.equals("get") && !name.equals("put")) {
                throw new StageFileException(file, at + "name", "must be get or put (the workloads ./course load"
                        + " runs), got '" + name + "'");
            }
            workloads.add(new Workload(name, (int) number(w, "rate", at + "rate", 1, 10_000_000),
                    (int) number(w, "connections", at + "connections", 1, 10_000),
                    (int) number(w, "threads", at + "threads", 1, 256), duration(w, at + "duration"),
                    number(w, "keys", at + "keys", 1, Long.MAX_VALUE),
                    (int) number(w, "value-size", at + "value-size", 0, 64 << 20)));
        }
        return workloads;
    }

    private Duration duration(JsonNode w, String field) {
        String text = scalar(w, "duration", field);
        Matcher m = DURATION.matcher(text);
        if (!m.matches()) {
            throw new StageFileException(file, field, "'" + text + "' is not a duration like 30s, 2m or 500ms");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofSeconds(n);
        };
    }

    private void unknownFields(JsonNode node, Set<String> known, String prefix) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw new StageFileException(file, prefix + name, "is not a field of stage.yml here; the fields are "
                        + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    private long number(JsonNode node, String key, String field, long min, long max) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            throw new StageFileException(file, field, "is missing: give a whole number from " + min + " to " + max);
        }
        if (!v.canConvertToExactIntegral() || v.asLong() < min || v.asLong() > max) {
            throw new StageFileException(file, field, "must be a whole number from " + min + " to " + max + ", got '"
                    + v.asText() + "'");
        }
        return v.asLong();
    }

    private String text(JsonNode node, String key, String field) {
        String v = scalar(node, key, field);
        if (v.isBlank()) {
            throw new StageFileException(file, field, "is empty: give it a value");
        }
        return v;
    }

    private String scalar(JsonNode node, String key, String field) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            throw new StageFileException(file, field, "is missing");
        }
        if (!v.isValueNode()) {
            throw new StageFileException(file, field, "must be a single value, not a list or a mapping");
        }
        return v.asText().strip();
    }
}
