package bench.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import course.results.Environment;
import course.results.Results;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The JSON summary a server bench leaves: which bench, its settings, the machine it ran on and its runs, then what it
 * found; written whole or not at all, so a reader never sees half a summary.
 */
final class BenchSummary {
    private static final ObjectMapper MAPPER = Results.mapper();
    private final ObjectNode doc = MAPPER.createObjectNode();

    BenchSummary(String benchmark) {
        doc.put("benchmark", benchmark);
    }

    /** The document, to add settings (before {@link #runs}) and findings (after). */
    ObjectNode doc() {
        return doc;
    }

    /** Adds the machine and the runs (any rows Jackson writes). */
    ObjectNode runs(List<?> rows) {
        doc.set("environment", MAPPER.valueToTree(Environment.probe()));
        doc.set("runs", MAPPER.valueToTree(rows));
        return doc;
    }

    /** Writes the summary to {@code out} and says where. */
    void save(Path out) throws IOException {
        Results.writeAtomically(out, MAPPER.writeValueAsString(doc) + "\n");
        System.out.println("saved " + out.toAbsolutePath());
    }
}
