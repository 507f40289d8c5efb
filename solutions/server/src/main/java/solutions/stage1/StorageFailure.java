package solutions.stage1;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.regex.Pattern;
import one.nio.http.Response;

/**
 * What a client is told when the storage fails: what failed and why, never the server's file paths (those go to
 * the node's log, where the operator needs them). A write the storage refused is {@value #INSUFFICIENT_STORAGE}
 * (RFC 4918: the server cannot store what the request needs, a condition "considered to be temporary"), so a
 * client retries it later; the engine took nothing of it, and writes succeed again once the disk has room.
 */
public final class StorageFailure {
    public static final String INSUFFICIENT_STORAGE = "507 Insufficient Storage";

    /** An absolute path inside a message: one or more /name segments, up to a space or punctuation. */
    private static final Pattern PATH = Pattern.compile("(?<![\\w.])(/[^\\s/:;,'\"()]+)+/?");

    private StorageFailure() {}

    /** The answer to a PUT or DELETE whose write failed: 507 with why, and a line in the node's log. */
    public static Response writeFailed(IOException e) {
        ConnectionLog.warn("a write failed, answered " + INSUFFICIENT_STORAGE + ": " + e);
        return Responses.text(
                INSUFFICIENT_STORAGE, "the node could not write to its disk: " + reason(e) + "; retry later");
    }

    /** The answer to a GET whose read failed: 500 with why, and a line in the node's log. */
    public static Response readFailed(IOException e) {
        ConnectionLog.warn("a read failed, answered 500: " + e);
        return Responses.text(Response.INTERNAL_ERROR, "the node could not read from its disk: " + reason(e));
    }

    /**
     * Why {@code failure} happened, for a client: the reason of its root cause (the operating system's words, e.g.
     * "No space left on device"), with every absolute path replaced by "(a file)".
     */
    // a Throwable that is its own cause ends the chain: identity is the test.
    @SuppressWarnings("ReferenceEquality")
    public static String reason(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root instanceof FileSystemException fs ? fs.getReason() : root.getMessage();
        if (text == null || text.isBlank()) {
            text = root.getClass().getSimpleName();
        }
        return PATH.matcher(text).replaceAll("(a file)");
    }
}
