package course.load;

import static course.load.CommandRun.load;
import static course.load.CommandRun.words;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import course.results.Results;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run whose answers are mostly not what its workload expects warns with the breakdown and a likely cause. */
class AnswerCheckTest {
    @TempDir
    Path dir;

    @Test
    void aGetRunOfMissingKeysWarnsAndIsMarked() throws Exception {
        try (TestHttpServer server = new TestHttpServer().status(404)) {
            Path json = dir.resolve("run.json");
            CommandRun o = load(words(
                    "--url %s -R 200 -c 2 -t 1 -d 1s --workload get --no-stabilize --no-progress --out %s",
                    server.url(), json));
            String text = o.out();
            assertEquals(0, o.code(), text + o.err());
            assertTrue(
                    text.contains("WARNING (unexpected-status): 100% of the answers are not what a get run expects"
                            + " (200 only): 404 x "),
                    text);
            assertTrue(text.contains("Is the database filled?"), text);
            LoadRun run = Results.read(json, LoadRun.class);
            assertTrue(run.flagged(LoadRun.Flag.UNEXPECTED_STATUS), run.flags.toString());
        }
    }

    @Test
    void theRuleIsMoreThanATenthUnexpected() {
        assertNull(AnswerCheck.judge(WorkloadKind.GET, Map.of(200, 1000L), 0, 0));
        assertNull(AnswerCheck.judge(WorkloadKind.GET, Map.of(200, 900L, 404, 100L), 0, 0), "exactly 10% is fine");
        assertFalse(AnswerCheck.judge(WorkloadKind.GET, Map.of(200, 899L, 404, 101L), 0, 0) == null);
        assertNull(AnswerCheck.judge(WorkloadKind.PUT, Map.of(201, 1000L), 0, 0));
        assertNull(AnswerCheck.judge(WorkloadKind.DELETE, Map.of(202, 1000L), 0, 0));
        assertNull(AnswerCheck.judge(WorkloadKind.MIXED, Map.of(200, 500L, 201, 300L, 404, 200L), 0, 0));
        assertNull(AnswerCheck.judge(WorkloadKind.GET, Map.of(), 0, 0), "no answers: nothing to judge");
    }

    @Test
    void theCauseFollowsTheLargestGroup() {
        String timeouts = AnswerCheck.judge(WorkloadKind.GET, Map.of(200, 100L), 400, 0);
        assertTrue(
                timeouts.contains("80% of the answers")
                        && timeouts.contains("timeout x 400")
                        && timeouts.contains("did not answer within --timeout"),
                timeouts);
        String failed = AnswerCheck.judge(WorkloadKind.PUT, Map.of(201, 10L, 500, 90L), 0, 0);
        assertTrue(failed.contains("500 x 90") && failed.contains("failed the requests (500)"), failed);
        String refused = AnswerCheck.judge(WorkloadKind.PUT, Map.of(503, 90L, 201, 10L), 0, 0);
        assertTrue(refused.contains("refused the load (503)"), refused);
        String wrongCode = AnswerCheck.judge(WorkloadKind.PUT, Map.of(200, 1000L), 0, 0);
        assertTrue(wrongCode.contains("answers 200 where the statement asks for 201 only"), wrongCode);
    }
}
