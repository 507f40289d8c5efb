package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.command.CourseCommandLine;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code java course.harness.Ports}: no {@code ./course} subcommand runs it, so its errors point to itself. */
class PortsCommandTest {
    @Test
    void aBadCountPointsToTheHelpOfTheMainThatRefusedIt() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = CourseCommandLine.execute(
                new PortsCommand(),
                new String[] {"99"},
                new PrintStream(OutputStream.nullOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(CourseCommandLine.USAGE, status);
        assertTrue(said.startsWith("java course.harness.Ports: N must be between 1 and 64, got 99"), said);
        assertTrue(said.contains("(see java course.harness.Ports --help)"), said);
        assertFalse(said.contains("./course ports"), said);
    }
}
