package course.load;

/** What each request does: upsert, read, a mix of both, or delete. */
public enum WorkloadKind {
    PUT,
    GET,
    MIXED,
    DELETE;

    public String label() {
        return Values.word(this);
    }
}
