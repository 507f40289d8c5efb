package solutions.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import java.io.IOException;
import one.nio.http.Request;
import one.nio.http.Response;

/**
 * The stage-1 protocol over local storage: {@code GET|PUT|DELETE /v0/entity?id=<key>}.
 * GET 200 with the value or 404; PUT 201 (upsert); DELETE 202 (also when absent); 400 for a missing or empty id.
 * A write the storage refuses (a full or failing disk) is 507 and a failed read 500, each saying why without the
 * server's file paths ({@link StorageFailure}); the storage recovers by itself once the disk has room again.
 */
public class EntityHandler implements RequestHandler {
    public static final String PATH = "/v0/entity";

    private final Storage storage;

    /**
     * The request target that names exactly this key, for requests between nodes: the key's bytes percent-encoded,
     * never the client's own text (which java.net.URI would cut at a '#' or reject).
     */
    public static String uriOf(byte[] key) {
        return PATH + "?id=" + PercentEncoding.encode(key);
    }

    public EntityHandler(Storage storage) {
        this.storage = storage;
    }

    @Override
    public Response handle(Request request) throws IOException {
        byte[] key = Query.of(request.getURI()).bytes("id");
        if (key == null || key.length == 0) {
            return Responses.text(Response.BAD_REQUEST, "id is missing or empty: use /v0/entity?id=<key>");
        }
        return switch (request.getMethod()) {
            case Request.METHOD_GET -> get(key);
            case Request.METHOD_PUT -> {
                byte[] body = request.getBody();
                yield write(new Entry(key, body == null ? new byte[0] : body), Response.CREATED);
            }
            case Request.METHOD_DELETE -> write(Entry.tombstone(key), Response.ACCEPTED);
            default -> Responses.text(Response.METHOD_NOT_ALLOWED, "use GET, PUT or DELETE");
        };
    }

    private Response get(byte[] key) {
        byte[] value;
        try {
            value = storage.get(key);
        } catch (IOException e) {
            return StorageFailure.readFailed(e);
        }
        return value == null ? Responses.empty(Response.NOT_FOUND) : new Response(Response.OK, value);
    }

    private Response write(Entry entry, String status) {
        try {
            storage.upsert(entry);
        } catch (IOException e) {
            return StorageFailure.writeFailed(e);
        }
        return Responses.empty(status);
    }
}
