package course.hidden.stage3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.RequestStand;
import course.harness.Stage;
import course.harness.WithCluster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A request one node really sent another, replayed by a client with the cluster's secret taken out (or changed):
 * node 1's URL is made to lead to this test, which keeps the PUT node 0 forwards there and replays it to node 1 itself.
 * Whatever the node's header names are, the replay carries its mark and not the secret, so node 1 must refuse it with
 * 403 and store nothing. A node that trusts the mark alone serves it.
 */
@Stage(3)
@WithCluster(nodes = 3, proxied = true, jvm = NodeJvm.QUICK_START)
class ReplayedWithoutSecretTest {
    private static final int KEYS = 60;
    /** The value the client PUTs through node 0, and the one the replays carry in its place (as long). */
    private static final String VALUE = "forged";

    private static final String REPLAYED = "FORGED";

    @Test
    @Checks({"s3-secret", "c-secret"})
    void aForwardedRequestReplayedWithoutTheSecretIsRefusedAndStoresNothing(Cluster cluster) throws Exception {
        int node1 = URI.create(cluster.directUrl(1)).getPort();
        String forwarded;
        Map<Integer, Integer> answered = new TreeMap<>();
        try (RequestStand stand = new RequestStand("replayed-", Duration.ofSeconds(10))) {
            cluster.proxy(1).redirect(stand.port());
            try {
                for (int k = 0; k < KEYS && !stand.done(); k++) {
                    answered.merge(
                            cluster.client().put(0, "replayed-" + k, VALUE).status(), 1, Integer::sum);
                }
                forwarded = stand.request(Duration.ofSeconds(15));
            } finally {
                cluster.proxy(1).redirect(node1);
            }
        }
        Matcher named = Pattern.compile("replayed-[0-9]+").matcher(forwarded);
        if (!named.find()) {
            fail("node 0 forwarded none of " + KEYS + " keys to node 1's URL " + cluster.url(1)
                    + ", which owns about a third of them (or named none of them in its request line or headers); node 0"
                    + " answered the PUTs (status=count) " + answered + "; what reached node 1's URL: " + forwarded);
        }
        String key = named.group();
        List<String> wrong = new ArrayList<>();
        String withoutSecret = withSecretLines(forwarded, cluster.secret(), null);
        String withWrongSecret = withSecretLines(forwarded, cluster.secret(), "a-wrong-secret-0123456789");
        assertTrue(
                !withoutSecret.contains(cluster.secret()),
                "the secret is in the request line itself: send it in a header");
        for (String replay : List.of(withoutSecret, withWrongSecret)) {
            int status = replay(node1, replay);
            if (status != 403) {
                wrong.add(
                        "node 1 answered " + status + " to:\n" + replay.strip().replace("\r\n", "\n"));
            }
        }
        for (int node = 0; node < cluster.size(); node++) {
            Reply r = cluster.client().get(node, key);
            if (r.status() == 200 && r.bodyText().equals(REPLAYED)) {
                wrong.add("GET " + key + " through node " + node + " answered the replays' value " + REPLAYED);
            }
        }
        assertEquals(
                List.of(),
                wrong,
                "the PUT node 0 forwarded to node 1, replayed by a client without the cluster's secret (or with a"
                        + " wrong one), must get 403 Forbidden and store nothing: the mark alone proves nothing,"
                        + " anyone can send any header");
    }

    /**
     * The request with each header line that carries the secret dropped ({@code replacement} null) or given the
     * replacement in its place, and the value changed (from stage 4 on, the PUT itself stored the first one on the
     * other replicas); hop-by-hop headers go too, and the replay asks to close the connection.
     */
    private static String withSecretLines(String request, String secret, String replacement) {
        int end = request.indexOf("\r\n\r\n");
        String[] lines = request.substring(0, end).split("\r\n");
        StringBuilder out = new StringBuilder(lines[0]).append("\r\n");
        for (int i = 1; i < lines.length; i++) {
            String name = lines[i].substring(0, Math.max(0, lines[i].indexOf(':')))
                    .trim()
                    .toLowerCase(Locale.ROOT);
            if (List.of("connection", "upgrade", "http2-settings", "keep-alive").contains(name)) {
                continue;
            }
            if (lines[i].contains(secret)) {
                if (replacement != null) {
                    out.append(lines[i].replace(secret, replacement)).append("\r\n");
                }
                continue;
            }
            out.append(lines[i]).append("\r\n");
        }
        return out.append("Connection: close\r\n\r\n")
                .append(request.substring(end + 4).replace(VALUE, REPLAYED))
                .toString();
    }

    private static int replay(int port, String request) throws IOException {
        try (Socket s = new Socket("localhost", port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
                line.write(b);
            }
            String status = line.toString(StandardCharsets.ISO_8859_1);
            if (!status.startsWith("HTTP/1.1 ")) {
                fail("node 1 answered the replay with '" + status + "', not an HTTP/1.1 status line");
            }
            return Integer.parseInt(status.substring(9, 12));
        }
    }
}
