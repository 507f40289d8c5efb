package solutions.stage1;

/**
 * What a request body of a given length holds in the budget for request bodies ({@link HeapFootprint}, which stays
 * package-private in the server): for the mutants that count bodies other than the session does.
 */
public final class BodyFootprint {
    private BodyFootprint() {}

    public static long of(long length) {
        return HeapFootprint.ofArray(length);
    }
}
