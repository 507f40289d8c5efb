package solutions.stage6;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import java.io.IOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Query;
import solutions.stage1.RequestHandler;
import solutions.stage1.Responses;
import solutions.stage4.Record;

/**
 * {@code GET /v0/entities?start=<ID>[&end=<ID>]}: this node's own live entries with start <= key < end (no end:
 * to the last key), in key order, streamed as they are read. Storage holds stage-4 records, so deletions are
 * records too: they are skipped, and values are sent without the record's header.
 */
final class RangeHandler implements RequestHandler {
    static final String PATH = "/v0/entities";

    private final Storage storage;

    RangeHandler(Storage storage) {
        this.storage = storage;
    }

    @Override
    public Response handle(Request request) throws IOException {
        if (request.getMethod() != Request.METHOD_GET) {
            return Responses.text(Response.METHOD_NOT_ALLOWED, "a range is read with GET");
        }
        Query query = Query.of(request.getURI());
        byte[] start = query.bytes("start");
        if (start == null || start.length == 0) {
            return Responses.text(
                    Response.BAD_REQUEST,
                    "start is missing or empty: use " + PATH + "?start=<first key>[&end=<key after the last>]");
        }
        byte[] end = query.bytes("end");
        if (end != null && end.length == 0) {
            return Responses.text(Response.BAD_REQUEST, "end is empty: leave it out to read to the last key");
        }
        Iterator<Entry> stored = storage.range(start, end);
        return new ChunkedResponse(new RangeChunks(new LiveValues(stored)));
    }

    /** The stored records as entries of their live values, deletions skipped, read one ahead. */
    private static final class LiveValues implements Iterator<Entry> {
        private final Iterator<Entry> stored;
        private Entry next;

        LiveValues(Iterator<Entry> stored) {
            this.stored = stored;
        }

        @Override
        public boolean hasNext() {
            while (next == null && stored.hasNext()) {
                Entry e = stored.next();
                Record record = Record.decode(e.value());
                if (!record.isTombstone()) {
                    next = new Entry(e.key(), record.value());
                }
            }
            return next != null;
        }

        @Override
        public Entry next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Entry e = next;
            next = null;
            return e;
        }
    }
}
