package course.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A stage.yml mistake reads the same from both stage registries: the cases of stage-mistakes.yml, which
 * sitegen/tests/test_stage_mistakes.py runs through the Python registry, expect the same message here (the file, the
 * field, the words), because both check stage.yml against the one stage.schema.json and word its errors alike.
 */
class StageMistakesTest {
    private static final JsonNode MISTAKES = mistakes();

    @TempDir
    Path root;

    @Test
    void theBaseCaseFitsTheSchema() throws IOException {
        write(MISTAKES.get("base").asText());
        StageFacts seven = Stages.at(root).stage(7);
        assertEquals(
                List.of("Stage 7: something new", 5, "student.Stage7Factory"),
                List.of(seven.title(), seven.nodes(), seven.referenceFactory().orElseThrow()));
        assertEquals(2, seven.workloads().size());
    }

    static Stream<JsonNode> cases() {
        return StreamSupport.stream(MISTAKES.get("cases").spliterator(), false);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aMistakeNamesTheFileTheFieldAndWhatToDoAsThePythonRegistryDoes(JsonNode mistake) throws IOException {
        String base = MISTAKES.get("base").asText();
        String replace = mistake.get("replace").asText();
        int at = base.indexOf(replace);
        assertTrue(at >= 0, mistake.toString());
        Path file = write(base.substring(0, at) + mistake.get("with").asText() + base.substring(at + replace.length()));
        var refused = assertThrows(StageFileException.class, () -> Stages.at(root));
        JsonNode field = mistake.get("field");
        assertEquals(
                file + ": " + (field == null || field.isNull() ? "" : "field '" + field.asText() + "': ")
                        + mistake.get("problem").asText()
                        + " (fix it in that file; every field of stage.yml is described in"
                        + " stages/README.md)",
                refused.getMessage());
    }

    private Path write(String text) throws IOException {
        Path file = Files.createDirectories(
                        root.resolve("stages").resolve(MISTAKES.get("folder").asText()))
                .resolve("stage.yml");
        Files.writeString(file, text);
        return file;
    }

    private static JsonNode mistakes() {
        try (InputStream in = StageMistakesTest.class.getResourceAsStream("stage-mistakes.yml")) {
            return new ObjectMapper(new YAMLFactory()).readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
