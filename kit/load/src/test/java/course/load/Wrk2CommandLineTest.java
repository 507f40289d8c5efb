package course.load;

import static course.load.CommandRun.load;
import static course.load.CommandRun.words;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import course.results.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** wrk2's own command lines, as students bring them from earlier reports, run as {@code ./course load}. */
class Wrk2CommandLineTest {
    @TempDir
    Path dir;

    @Test
    void attachedShortOptionsLatencyAndAPositionalUrlRun() throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            Path json = dir.resolve("wrk2.json");
            CommandRun o = load(words(
                    "-t1 -c2 -d1s -R200 -L --timeout 3s --no-stabilize --stage 1 --out %s %s/", json, server.url()));
            assertEquals(0, o.code(), o.err());
            assertTrue(o.out().contains("Running 1s test @ " + server.url()), o.out());
            assertTrue(o.out().contains("1 threads and 2 connections"), o.out());
            assertTrue(o.out().contains("Detailed Percentile spectrum:"), o.out());
            LoadRun run = Results.read(json, LoadRun.class);
            assertEquals(200.0, run.rate);
            assertEquals(2, run.connections);
            assertEquals(1, run.threads);
            assertTrue(run.source.command.contains("-R200"), run.source.command);
            assertTrue(server.requests() >= 150, "requests: " + server.requests());
        }
    }

    @Test
    void theCourseScriptsRunAsTheirWorkloadAndHeadersAreSent() throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            Path json = dir.resolve("put.json");
            CommandRun o = load(words(
                    "-t 1 -c 2 -d 1 -R 100 -s /home/me/lua/put.lua -H %s -U --no-stabilize --stage 1 --out %s %s",
                    "X-Trace: 7", json, server.url()));
            assertEquals(0, o.code(), o.err());
            assertTrue(o.out().contains("Latency Distribution (HdrHistogram - Uncorrected Latency"), o.out());
            assertTrue(o.err().contains("-s put.lua runs as --workload put"), o.err());
            assertEquals("put", Results.read(json, LoadRun.class).workload.name);
            assertTrue(server.lastHead().startsWith("PUT /v0/entity?id=k"), server.lastHead());
            assertTrue(server.lastHead().contains("\r\nX-Trace: 7\r\n"), server.lastHead());
        }
    }

    @Test
    void uncorrectedLatencyIsPrintedApartAndHidesAStallThatTheRecordedLatencyShows() throws Exception {
        try (TestHttpServer server = new TestHttpServer().stallOnceAfter(2000, 500)) {
            Path json = dir.resolve("stall.json");
            CommandRun o = load(words(
                    "-t1 -c10 -d6s -R1000 -L -U --warmup 0 --no-stabilize --no-progress --stage 1 --out %s %s",
                    json, server.url()));
            assertEquals(0, o.code(), o.err());
            String title = "Latency Distribution (HdrHistogram - Uncorrected Latency (measured without taking delayed"
                    + " starts into account))";
            int at = o.out().indexOf(title);
            assertTrue(at > o.out().indexOf("Recorded Latency"), "the -U block follows the recorded one:\n" + o.out());
            double uncorrectedMs = msOf(o.out().substring(at), "99.000%");
            double correctedMs = Results.read(json, LoadRun.class).percentile(99.0);
            // A 0.5 s stall at 1000/s holds up ~500 due requests (8% of the run): recorded p99 ~ 400 ms. Measured
            // from the actual send, only the 10 requests in flight when it began waited: p99 stays near the floor.
            assertTrue(correctedMs > 250, "recorded p99 " + correctedMs + " ms shows the stall");
            assertTrue(
                    uncorrectedMs < correctedMs / 10,
                    "uncorrected p99 " + uncorrectedMs + " ms hides what the recorded " + correctedMs + " ms shows");
            String saved = Files.readString(json.resolveSibling("stall.txt"));
            assertTrue(!saved.contains("Uncorrected"), "only the recorded latency is saved");
        }
    }

    /** The value on the line of {@code percentile} (e.g. {@code 99.000%}) of the first block in {@code text}, in ms. */
    private static double msOf(String text, String percentile) {
        Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(percentile) + "\\s+([0-9.]+)(us|ms|s|m)$")
                .matcher(text);
        assertTrue(m.find(), "no " + percentile + " line in:\n" + text);
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "us" -> v / 1000;
            case "ms" -> v;
            case "s" -> v * 1000;
            default -> v * 60_000;
        };
    }

    @Test
    void aLineFromAnEarlierReportParsesToTheSameRun() throws Exception {
        // Copied from a student's stage-1 report (wrk with a bare-second -d and its own get.lua).
        LoadOptions o = LoadOptions.parse(words(
                "-c 64 -d 20 -t 1 -L -R 50000 -s /Users/someone/2024-highload-dht/lua/get.lua http://localhost:8080"));
        assertEquals(64, o.connections());
        assertEquals(1, o.threads());
        assertEquals(20.0, o.durationSeconds());
        assertEquals(50000.0, o.rate());
        assertEquals(WorkloadKind.GET, o.workload());
        assertEquals("http://localhost:8080", o.targets().get(0).url());
        LoadOptions attached =
                LoadOptions.parse(words("-c80 -t4 -d 30s -R 40000 -L -s put.lua http://localhost:54321"));
        assertEquals(80, attached.connections());
        assertEquals(4, attached.threads());
        assertEquals(WorkloadKind.PUT, attached.workload());
    }

    @Test
    void wrk2WordsTheGeneratorCannotHonourAreRefusedWithTheReason() {
        String url = "http://127.0.0.1:1";
        String[][] cases = {
            {"-t1", "-c2", "-R100", "-s", "getrand.lua", url},
            {"-t1", "-c2", "-R100", "-H", "no colon", url},
            {"-t1", "-c2", "-R100", "-H", "Host: elsewhere", url},
            {"-t1", "-c2", "-R100", "--url", url, url},
            {"-t1", "-c2", "-R100", url, url},
            {"-t1", "-c2", "-R100", "https://localhost:8443"},
            {"-t1", "-c2", "-R100", "-s", "get.lua", "--workload", "put", url},
        };
        for (String[] args : cases) {
            CommandRun o = load(args);
            assertEquals(2, o.code(), String.join(" ", args) + " -> " + o.err());
            assertTrue(o.err().startsWith("course load: ") && o.err().length() > 40, "a clear message: " + o.err());
        }
        assertTrue(load("-R100", "-s", "getrand.lua", url).err().contains("does not run lua"));
    }

    @Test
    void helpListsTheWrk2Words() {
        CommandRun o = load("--help");
        assertEquals(0, o.code());
        for (String word : new String[] {"-L, --latency", "-U, --u_latency", "-H, --header", "-s, --script", "URL"}) {
            assertTrue(o.out().contains(word), "missing " + word + " in:\n" + o.out());
        }
    }
}
