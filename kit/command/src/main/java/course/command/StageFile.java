package course.command;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads one {@code stages/N-slug/stage.yml} into a {@link StageFacts}, strictly: the file must fit {@code
 * stage.schema.json} (this package's resource, which sitegen/stages.py checks the same files against), so an unknown
 * field is refused (a typo would otherwise fall back to a default nobody chose), and its stage and slug must be the
 * folder's. Every problem is a {@link StageFileException} naming the file and the field, worded from the schema's
 * descriptions exactly as sitegen/stages.py words it.
 */
final class StageFile {
    static final String NAME = "stage.yml";
    static final String SCHEMA_RESOURCE = "/course/command/stage.schema.json";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final JsonNode SCHEMA_TREE = schemaTree();
    private static final JsonSchema SCHEMA =
            JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(SCHEMA_TREE);

    /** One mistake: the field's path (names and list indexes, empty for the whole file), its rank, what is wrong. */
    record Problem(List<Object> where, int rank, String what) {
        static final Comparator<Problem> ORDER = Comparator.<Problem>comparingInt(p -> p.where.size())
                .thenComparingInt(Problem::rank)
                .thenComparing(Problem::field)
                .thenComparing(Problem::what);

        /** {@code standard-workloads[1].rate}: the field as the messages name it. */
        String field() {
            StringBuilder name = new StringBuilder();
            for (Object step : where) {
                name.append(step instanceof Integer i ? "[" + i + "]" : (name.isEmpty() ? "" : ".") + step);
            }
            return name.toString();
        }
    }

    private StageFile() {}

    /** The stage of {@code folder} ({@code N-slug}), from its stage.yml. */
    static StageFacts read(Path folder, int folderNumber, String folderSlug) {
        Path file = folder.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            throw new StageFileException(
                    file,
                    null,
                    "is missing: every stage folder needs one (copy the stage.yml"
                            + " of another stage and change its facts)");
        }
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (JacksonException e) {
            String why = e.getOriginalMessage().replaceAll("\\s+", " ");
            throw new StageFileException(
                    file,
                    null,
                    "is not valid YAML (" + why + ", line "
                            + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()) + ")");
        } catch (IOException e) {
            throw new StageFileException(file, null, "cannot be read (" + e.getMessage() + ")");
        }
        root = root == null || root.isMissingNode() ? NullNode.getInstance() : root;
        List<Problem> problems = problems(root, folderNumber, folderSlug);
        if (!problems.isEmpty()) {
            Problem first = problems.get(0);
            throw new StageFileException(file, first.where().isEmpty() ? null : first.field(), first.what());
        }
        return stage(root, folderNumber + "-" + folderSlug);
    }

    /**
     * Every mistake of a parsed stage.yml, in the order sitegen/stages.py sorts them (the first is what both
     * registries report): shallow fields first, an unknown field before a missing one before a wrong value. What the
     * schema cannot say, that stage and slug are the folder's, is checked here too.
     */
    static List<Problem> problems(JsonNode root, int folderNumber, String folderSlug) {
        Set<Problem> found = new HashSet<>();
        for (ValidationMessage m : SCHEMA.validate(root)) {
            List<Object> where = IntStream.range(0, m.getInstanceLocation().getNameCount())
                    .mapToObj(m.getInstanceLocation()::getElement)
                    .toList();
            found.addAll(problems(m.getType(), where, m.getInstanceNode()));
        }
        JsonNode stage = root.path("stage");
        JsonNode slug = root.path("slug");
        if (stage.isIntegralNumber() && stage.asLong() != folderNumber) {
            found.add(new Problem(
                    List.of("stage"),
                    2,
                    "says " + stage.asText() + " but the folder is stage " + folderNumber + ": make them agree"));
        }
        if (slug.isTextual() && !slug.asText().equals(folderSlug)) {
            found.add(new Problem(
                    List.of("slug"),
                    2,
                    "says '" + slug.asText() + "' but the folder is " + folderNumber + "-" + folderSlug
                            + ": make them agree"));
        }
        return found.stream().sorted(Problem.ORDER).toList();
    }

    /** The mistakes of one validator message, worded from the schema's description of the value. */
    private static List<Problem> problems(String keyword, List<Object> where, JsonNode value) {
        JsonNode node = schemaAt(where);
        List<String> fields = names(node.path("properties"));
        if (keyword.equals("additionalProperties")) {
            return names(value).stream()
                    .filter(k -> !fields.contains(k))
                    .map(k -> new Problem(
                            append(where, k),
                            0,
                            "is not a field of stage.yml here; the fields are " + String.join(", ", fields)))
                    .toList();
        }
        if (keyword.equals("required")) {
            return StreamSupport.stream(node.path("required").spliterator(), false)
                    .map(JsonNode::asText)
                    .filter(k -> !value.has(k))
                    .map(k -> new Problem(
                            append(where, k),
                            1,
                            "is missing: give "
                                    + schemaAt(append(where, k))
                                            .path("description")
                                            .asText("a value")))
                    .toList();
        }
        String what = node.path("description").asText("something else");
        if (!where.isEmpty() && value.isNull()) {
            return List.of(new Problem(where, 2, "is missing: give " + what));
        }
        if (value.isTextual() && value.asText().isBlank()) {
            return List.of(new Problem(where, 2, "is empty: give " + what));
        }
        String text = value.isValueNode() ? value.asText() : value.toString();
        return List.of(new Problem(
                where,
                2,
                keyword.equals("pattern")
                        ? "'" + text + "' is not " + what
                        : "must be " + what + ", got '" + text + "'"));
    }

    /** The part of the schema for the value at {@code where}: it has no combinators, so properties and items lead. */
    private static JsonNode schemaAt(List<Object> where) {
        JsonNode node = SCHEMA_TREE;
        for (Object step : where) {
            node = step instanceof Integer
                    ? node.path("items")
                    : node.path("properties").path((String) step);
        }
        return node;
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names.stream().sorted().toList();
    }

    private static List<Object> append(List<Object> where, Object step) {
        return Stream.concat(where.stream(), Stream.of(step)).toList();
    }

    /** The typed stage of a file that fits the schema. */
    private static StageFacts stage(JsonNode root, String folder) {
        JsonNode replication = root.path("replication");
        List<Workload> workloads = new ArrayList<>();
        for (JsonNode w : root.path("standard-workloads")) {
            workloads.add(new Workload(
                    w.get("name").asText(),
                    w.get("rate").asInt(),
                    w.get("connections").asInt(),
                    w.get("threads").asInt(),
                    duration(w.get("duration").asText()),
                    w.get("keys").asLong(),
                    w.get("value-size").asInt()));
        }
        return new StageFacts(
                root.get("stage").asInt(),
                folder,
                root.get("title").asText().strip(),
                root.get("slug").asText(),
                root.get("nodes").asInt(),
                replication.isObject()
                        ? new Replication(
                                replication.get("ack").asText(),
                                replication.get("from").asText())
                        : null,
                root.has("reference") ? root.get("reference").asText() : null,
                StreamSupport.stream(root.get("endpoints").spliterator(), false)
                        .map(JsonNode::asText)
                        .toList(),
                workloads,
                root.has("demo-note") ? root.get("demo-note").asText().strip() : null);
    }

    /** 30s, 2m or 500ms (the schema's pattern). */
    private static Duration duration(String text) {
        String unit = text.endsWith("ms") ? "ms" : text.substring(text.length() - 1);
        long n = Long.parseLong(text.substring(0, text.length() - unit.length()));
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofSeconds(n);
        };
    }

    private static JsonNode schemaTree() {
        try (InputStream in = StageFile.class.getResourceAsStream(SCHEMA_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        "the stage.yml schema is missing from the classpath: " + SCHEMA_RESOURCE);
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
