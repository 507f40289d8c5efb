package course.wrk2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/** The small fixture copies kept in this module's test resources, so these tests do not need ../shared. */
final class TestFiles {
    static final String SOCKET_ERRORS = "student01__wrk__results__stage3__put_t4_c170_R22000.txt";
    static final String SPECTRUM_ONLY = "student03__report__hw1__data__upsert_25000rps-2m.txt";
    static final String REPORT_WITHOUT_L = "003_05d68f3f43ac6490.txt";
    static final String REPORT_WITH_PROMPTS = "002_2b000bd71cbc8657.txt";

    private TestFiles() {}

    static Path path(String name) {
        URL url = TestFiles.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("test resource course/wrk2/" + name + " is missing");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String text(String name) {
        try {
            return Files.readString(path(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ParseResult parse(String name) {
        return Wrk2Parser.parse(text(name), name);
    }

    /** The run's target rate is {@code rate}, read from its file's name (a ..._R22000... part), and flagged so. */
    static void assertRateFromTheFileName(LoadRun run, double rate) {
        assertEquals(rate, run.rate);
        assertTrue(
                run.flagMessages().contains("target rate " + Math.round(rate) + " inferred from the file name"),
                run.flagMessages().toString());
    }
}
