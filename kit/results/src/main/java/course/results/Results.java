package course.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Reads and writes results documents. Every document is validated against {@code results.schema.json} before it is
 * written, and written atomically (temp file, then rename), so a results folder never holds a half-written or
 * off-schema file.
 */
public final class Results {
    public static final String SCHEMA_RESOURCE = "/course/results/results.schema.json";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final JsonSchema SCHEMA = loadSchema();

    private Results() {}

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Schema violations of a document, one readable line each; empty when it is valid. */
    public static List<String> violations(JsonNode document) {
        Set<ValidationMessage> messages = SCHEMA.validate(document);
        return messages.stream()
                .map(ValidationMessage::getMessage)
                .sorted(Comparator.naturalOrder())
                .toList();
    }

    public static List<String> violations(Document document) {
        JsonNode tree = MAPPER.valueToTree(document);
        return violations(tree);
    }

    public static String toJson(Document document) {
        JsonNode tree = MAPPER.valueToTree(document);
        List<String> problems = violations(tree);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("refusing to write a " + document.kind()
                    + " document that breaks the results schema: " + String.join("; ", problems));
        }
        try {
            return MAPPER.writeValueAsString(tree) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Validates and writes atomically; creates parent directories. */
    public static void write(Path file, Document document) throws IOException {
        writeAtomically(file, toJson(document));
    }

    public static void writeAtomically(Path file, String content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            Files.writeString(tmp, content);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Reads a document, failing with the file name and the schema violations when it is not valid. */
    public static <T extends Document> T read(Path file, Class<T> type) throws IOException {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + ": not valid JSON: " + e.getMessage(), e);
        }
        List<String> problems = violations(tree);
        if (!problems.isEmpty()) {
            throw new IOException(file + ": breaks the results schema: " + String.join("; ", problems));
        }
        return MAPPER.treeToValue(tree, type);
    }

    private static JsonSchema loadSchema() {
        try (InputStream in = Results.class.getResourceAsStream(SCHEMA_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("results schema missing from the classpath: " + SCHEMA_RESOURCE);
            }
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
