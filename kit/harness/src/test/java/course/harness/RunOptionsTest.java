package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.command.CourseCommandLine;
import org.junit.jupiter.api.Test;

/** {@code ./course run}'s command line: stages are the course's, bad values say what is wrong. */
class RunOptionsTest {
    private static RunOptions parse(String... args) {
        RunOptions o = new RunOptions();
        CourseCommandLine.parse(o, args);
        return o.checked();
    }

    @Test
    void anUnknownStageIsRefusedWithTheListOfStages() {
        var e = assertThrows(IllegalArgumentException.class, () -> parse("--stage", "9"));
        assertTrue(e.getMessage().startsWith("there is no stage 9; the stages are 1 (1-sync-server)"), e.getMessage());
        assertEquals(2, parse("--stage", "2", "--nodes", "3").stage);
    }

    @Test
    void badValuesSayWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("--heap", "lots"))
                .getMessage()
                .contains("--heap takes a size like 128m"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("--port", "65535", "--nodes", "3"))
                .getMessage()
                .contains("do not all exist"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("--nodes"))
                .getMessage()
                .contains("Missing required parameter for option '--nodes'"));
        assertTrue(CourseCommandLine.usage(new RunOptions()).startsWith("usage: ./course run [--stage N"));
    }
}
