package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.Grade;
import course.results.Results;
import grading.runner.ReportLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failure messages carry whatever a submission answered: keys full of emoji, raw control bytes. A grade crashed
 * after 205 s of tests once, because a message cut in the middle of an emoji could not be written as UTF-8; these
 * messages go through the grade document and the summary a person reads.
 */
class HostileMessagesTest {
    private static final String EMOJI = "\uD83D\uDE00"; // one code point, two UTF-16 units

    private static TestJvm.Outcome runWith(String message) {
        return FinishedRun.of(
                new ReportLine("RESULT", "course.tests.stage1.SomeTest#emoji", "", "failed", 12, message));
    }

    /** A grade of the one test, built as the grader builds one from the tests' outcome. */
    private static Grade graded(String message) {
        TestOutcome outcome = TestOutcome.of(runWith(message), Map.of(), Weights.load());
        return Grade.builder()
                .stage(1)
                .student("student")
                .score(outcome.score())
                .tests(outcome.tests())
                .notes(outcome.notes())
                .build();
    }

    @Test
    void aMessageOfEmojiCutAtTheLimitIsStillWrittenAsUtf8(@TempDir Path dir) throws Exception {
        // An odd prefix puts the limit between the two halves of an emoji.
        String message = "x" + EMOJI.repeat(Messages.MAX_MESSAGE);
        Grade g = graded(message);
        Path out = dir.resolve("g.json");
        Results.write(out, g);
        String written = Results.read(out, Grade.class).tests().get(0).message();
        assertTrue(written.startsWith("x" + EMOJI.repeat(100)), written.substring(0, 20));
        assertTrue(written.codePoints().noneMatch(c -> c >= 0xD800 && c <= 0xDFFF), "a lone surrogate was written");
        assertTrue(written.codePointCount(0, written.length()) <= Messages.MAX_MESSAGE + 20, "not cut");
    }

    @Test
    void rawControlBytesAreShownEscapedInTheDocumentAndTheSummary(@TempDir Path dir) throws Exception {
        String message = "got a body 'a\u0000b\u001b[2Jc\u0007' with a bell\r\nsecond line\tcolumn";
        Grade g = graded(message);
        String m = g.tests().get(0).message();
        assertEquals("got a body 'a\\u0000b\\u001b[2Jc\\u0007' with a bell\\r\nsecond line\tcolumn", m);
        Path out = dir.resolve("g.json");
        Results.write(out, g);
        String summary = Summary.of(Results.read(out, Grade.class), out);
        assertFalse(
                summary.chars().anyMatch(c -> c < 0x20 && c != '\n' && c != '\t'),
                "a raw control character in:\n" + summary);
        assertTrue(summary.contains("second line"), "the whole message is shown:\n" + summary);
        assertFalse(Files.readString(out).contains("\u001b"));
    }

    @Test
    void aLoneSurrogateFromTheSubmissionIsReplacedNotFatal(@TempDir Path dir) throws Exception {
        Grade g = graded("half an emoji: \uD83D and the other half: \uDE00.");
        Path out = dir.resolve("g.json");
        Results.write(out, g);
        assertEquals(
                "half an emoji: \uFFFD and the other half: \uFFFD.",
                Results.read(out, Grade.class).tests().get(0).message());
    }
}
