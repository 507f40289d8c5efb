package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Fields every results document starts with. Subclasses are plain data: public fields, filled as a run goes. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "kind", "createdAt", "student", "stage", "label"})
public abstract class ResultDocument implements Document {
    public static final String SCHEMA = "course-results/1";

    public String schema = SCHEMA;
    public String kind;
    public String createdAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    /**
     * The student whose work this is (name or pseudonym), when known; {@code null} says "not known", never "the
     * reference": a run is the reference's only by the factory it measured ({@link AuthoredDocument#factory}).
     */
    public String student;

    public Integer stage;
    public String label;

    protected ResultDocument(String kind) {
        this.kind = kind;
    }

    @Override
    public String kind() {
        return kind;
    }
}
