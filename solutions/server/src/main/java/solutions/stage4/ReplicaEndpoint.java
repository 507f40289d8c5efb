package solutions.stage4;

import java.io.IOException;
import java.util.Map;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Query;
import solutions.stage1.RequestHandler;
import solutions.stage1.Responses;

/**
 * What a node answers to another node's replica request (marked as internal): GET returns the stored record as is
 * (200) or 404 when there is none; PUT and DELETE store the record with the coordinator's timestamp from
 * {@value #TIMESTAMP_HEADER}.
 */
public final class ReplicaEndpoint implements RequestHandler {
    public static final String TIMESTAMP_HEADER = "X-Course-Timestamp";

    private final LocalReplica replica;

    ReplicaEndpoint(LocalReplica replica) {
        this.replica = replica;
    }

    /** The headers a coordinator sends with {@code write} (null for a read): the write's timestamp. */
    public static Map<String, String> headersFor(Record write) {
        return write == null ? Map.of() : Map.of(TIMESTAMP_HEADER, String.valueOf(write.timestamp()));
    }

    /** The body a coordinator sends with {@code write} (null for a read): the value, none for a delete. */
    public static byte[] bodyFor(Record write) {
        return write == null || write.isTombstone() ? null : write.value();
    }

    @Override
    public Response handle(Request request) throws IOException {
        byte[] key = Query.of(request.getURI()).bytes("id");
        if (key == null || key.length == 0) {
            return Responses.text(Response.BAD_REQUEST, "id is missing or empty");
        }
        if (request.getMethod() == Request.METHOD_GET) {
            byte[] record = replica.readEncoded(key);
            return record == null ? Responses.empty(Response.NOT_FOUND) : new Response(Response.OK, record);
        }
        long timestamp;
        try {
            timestamp = Long.parseLong(
                    String.valueOf(request.getHeaderValue(TIMESTAMP_HEADER)).trim());
        } catch (NumberFormatException e) {
            return Responses.text(Response.BAD_REQUEST, "a replica write needs the header " + TIMESTAMP_HEADER);
        }
        return switch (request.getMethod()) {
            case Request.METHOD_PUT -> {
                byte[] body = request.getBody();
                replica.write(key, new Record(timestamp, body == null ? new byte[0] : body));
                yield Responses.empty(Response.CREATED);
            }
            case Request.METHOD_DELETE -> {
                replica.write(key, Record.tombstone(timestamp));
                yield Responses.empty(Response.ACCEPTED);
            }
            default -> Responses.text(Response.METHOD_NOT_ALLOWED, "use GET, PUT or DELETE");
        };
    }
}
