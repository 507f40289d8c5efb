package course.results;

/**
 * A document of the results schema, as {@link Results} validates, writes and reads it. Runs that fill themselves in
 * as they go extend {@link ResultDocument}; a {@link Grade} is a record, built once from what each step of a grade
 * found.
 */
public interface Document {
    /** The schema's {@code kind}: load-run, saturation, test-run, grade. */
    String kind();
}
