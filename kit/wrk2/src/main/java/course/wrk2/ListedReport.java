package course.wrk2;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of a listing ({@code import-wrk --listing}): a report file with its own student and stage, as
 * {@code {"file": "...", "student": "...", "stage": N}}. The site's build lists every free-form report this way
 * ({@code python -m sitegen.freeform list}) so that one JVM imports them all.
 */
record ListedReport(Path file, String student, int stage) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The lines of {@code listing} ({@code -}: standard input); a bad line is an {@link IllegalArgumentException}. */
    static List<ListedReport> read(String listing, InputStream stdin) throws IOException {
        List<String> lines;
        if (listing.equals("-")) {
            lines = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8))
                    .lines()
                    .toList();
        } else {
            lines = Files.readAllLines(Path.of(listing), StandardCharsets.UTF_8);
        }
        List<ListedReport> reports = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                reports.add(parse(lines.get(i), i + 1));
            }
        }
        return reports;
    }

    private static ListedReport parse(String line, int number) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("--listing line " + number + " is not JSON: " + e.getOriginalMessage());
        }
        if (node == null
                || !node.path("file").isTextual()
                || !node.path("student").isTextual()
                || !node.path("stage").canConvertToInt()
                || node.path("stage").asInt() < 1) {
            throw new IllegalArgumentException("--listing line " + number + " needs {\"file\": \"...\", \"student\":"
                    + " \"...\", \"stage\": N}, got " + line);
        }
        return new ListedReport(
                Path.of(node.get("file").asText()),
                node.get("student").asText(),
                node.get("stage").asInt());
    }
}
