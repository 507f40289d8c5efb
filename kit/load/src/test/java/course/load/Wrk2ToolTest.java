package course.load;

import static course.load.CommandRun.load;
import static course.load.CommandRun.words;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import course.results.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --tool wrk2: the scripts, the command line, the conversion of wrk2's output, and the error without wrk2. */
class Wrk2ToolTest {
    @TempDir
    Path dir;

    @Test
    void everyWorkloadHasACanonicalScript() throws Exception {
        for (WorkloadKind w : WorkloadKind.values()) {
            Path script = Wrk2Tool.extractScript(w, dir);
            String lua = Files.readString(script);
            assertTrue(
                    lua.contains("request = requests[workload]") && lua.contains("/v0/entity?id="), script.toString());
            assertTrue(
                    lua.contains("local workload = \"" + w.label() + "\""), "not set to its own workload: " + script);
        }
    }

    @Test
    void commandPassesTheWorkloadToTheScript() throws Exception {
        LoadOptions o = LoadOptions.parse(words("--url http://localhost:8080 -R 20k -c 64 -t 4 -d 30s --workload put"
                + " --keys 123456789 --ack 2 --from 3 --seed 9 --tool wrk2"));
        List<String> cmd = Wrk2Tool.command("wrk2", o, Path.of("/tmp/put.lua"));
        assertEquals(
                List.of(
                        "wrk2",
                        "-t",
                        "4",
                        "-c",
                        "64",
                        "-d",
                        "30s",
                        "-R",
                        "20000",
                        "--timeout",
                        "2s",
                        "-L",
                        "-s",
                        "/tmp/put.lua",
                        "http://localhost:8080",
                        "--",
                        "123456789",
                        "uniform",
                        "9",
                        "9",
                        "&ack=2&from=3",
                        "100",
                        "1.0000",
                        "4"),
                cmd);
    }

    @Test
    void wrk2OutputBecomesAValidLoadRun() throws Exception {
        // Real wrk2-format text, made by the built-in generator against the test server.
        String text;
        try (TestHttpServer server = new TestHttpServer()) {
            LoadOptions run = LoadOptions.parse(words("--url %s -R 500 -c 2 -t 1 -d 1s", server.url()));
            RunResult r = new LoadGenerator(run, null).run();
            text = Wrk2Report.header(run) + Wrk2Report.STATS_HEADER + Wrk2Report.body(r);
        }
        LoadOptions o = LoadOptions.parse(
                words("--url http://localhost:8080 -R 500 -c 2 -t 1 -d 1s --tool wrk2 --student bob"));
        LoadRun.Contention contention = new LoadRun.Contention();
        contention.stealPercent = 1.5;
        contention.stabilize = new LoadRun.Stabilize("off", "plain", "asked for with --no-stabilize");
        LoadRun run = Wrk2Tool.toLoadRun(text, o, "wrk2 -R 500 ...", contention, false);
        assertEquals("wrk2", run.source.tool);
        assertEquals("bob", run.student);
        assertEquals(500.0, run.rate);
        assertEquals("get.lua", run.workload.script);
        assertTrue(Results.violations(run).isEmpty(), Results.violations(run).toString());
    }

    @Test
    void withoutWrk2OnPathTheErrorSaysHowToGetItOrDropTool() {
        Assumptions.assumeTrue(Wrk2Tool.findBinary() == null, "wrk2 is installed here");
        CommandRun o = load("--url", "http://127.0.0.1:1", "-R", "100", "--tool", "wrk2");
        assertEquals(1, o.code());
        String message = o.err();
        assertTrue(message.contains("github.com/giltene/wrk2") && message.contains("drop --tool"), message);
    }
}
