package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.TreeMap;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Query;
import solutions.stage1.RequestHandler;
import solutions.stage3.PeerClient;
import solutions.stage4.Record;
import solutions.stage6.Stage6Node;

@Mutant(
        stage = 6,
        sentences = "s6-own-entries-only",
        breaks = "a node answers a range with the whole cluster's entries: it asks every other node for its range and"
                + " merges them into its own, so with one copy per key every node streams every key",
        caughtBy = "course.tests.stage6.OwnKeysOnlyTest#withOneCopyPerKeyTheNodesRangesPartitionTheKeys")
public final class RangesMergedAcrossNodes implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage6Node(config) {
            private HttpClient http;

            @Override
            protected RequestHandler createRangeHandler(Storage storage) {
                HttpClient client = HttpClient.newBuilder()
                        .connectTimeout(Duration.ofSeconds(1))
                        .build();
                http = client;
                RequestHandler merged = super.createRangeHandler(new ForwardingStorage(storage) {
                    @Override
                    public Iterator<Entry> range(byte[] from, byte[] to) throws IOException {
                        return clusterRange(client, config, delegate, from, to);
                    }
                });
                // Another node asking for this node's records gets them in a framing of the mutant's own.
                return request -> request.getHeaderValue(PeerClient.INTERNAL_HEADER) != null
                        ? ownRecords(storage, request)
                        : merged.handle(request);
            }

            @Override
            protected void onStop() throws IOException {
                if (http != null) {
                    http.close();
                    http = null;
                }
                super.onStop();
            }
        };
    }

    /** This node's records and every other node's, the newest of each key, in key order. */
    private static Iterator<Entry> clusterRange(
            HttpClient client, ServiceConfig config, Storage own, byte[] from, byte[] to) throws IOException {
        TreeMap<byte[], byte[]> records = new TreeMap<>(Arrays::compareUnsigned);
        own.range(from, to).forEachRemaining(e -> records.put(e.key(), e.value()));
        for (String node : config.clusterUrls()) {
            if (node.equals(config.selfUrl())) {
                continue;
            }
            String query = "?start=" + percent(from) + (to == null ? "" : "&end=" + percent(to));
            HttpRequest request = HttpRequest.newBuilder(URI.create(node + "/v0/entities" + query))
                    .timeout(Duration.ofSeconds(5))
                    .header(PeerClient.INTERNAL_HEADER, config.selfUrl())
                    .header(PeerClient.SECRET_HEADER, config.clusterSecret())
                    .GET()
                    .build();
            byte[] body;
            try {
                HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
                if (response.statusCode() != 200) {
                    continue;
                }
                body = response.body();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while asking " + node);
            } catch (IOException e) {
                continue; // a node that is down adds nothing
            }
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(body));
            while (in.available() > 0) {
                byte[] key = in.readNBytes(in.readInt());
                byte[] record = in.readNBytes(in.readInt());
                records.merge(
                        key,
                        record,
                        (mine, theirs) -> Record.decode(theirs).newerThan(Record.decode(mine)) ? theirs : mine);
            }
        }
        return records.entrySet().stream()
                .map(e -> new Entry(e.getKey(), e.getValue()))
                .iterator();
    }

    private static Response ownRecords(Storage storage, Request request) throws IOException {
        Query query = Query.of(request.getURI());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        for (Iterator<Entry> it = storage.range(query.bytes("start"), query.bytes("end")); it.hasNext(); ) {
            Entry e = it.next();
            out.writeInt(e.key().length);
            out.write(e.key());
            out.writeInt(e.value().length);
            out.write(e.value());
        }
        return new Response(Response.OK, bytes.toByteArray());
    }

    private static String percent(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) {
            sb.append('%').append(String.format("%02X", b & 0xff));
        }
        return sb.toString();
    }
}
