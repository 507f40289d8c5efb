package course.load;

import java.util.Locale;

/** What each request does: upsert, read, a mix of both, or delete. */
public enum WorkloadKind {
    PUT, GET, MIXED, DELETE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static WorkloadKind parse(String text) throws UsageException {
        for (WorkloadKind w : values()) {
            if (w.label().equals(text)) {
                return w;
            }
        }
        throw new UsageException("--workload '" + text + "' is not one of put, get, mixed, delete");
    }
}
