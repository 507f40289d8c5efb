package grading.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Files that tests write to explain a failure (e.g. a history's timeline), carried out of the sandbox on the report
 * channel. The sandbox's own folders vanish with it, and a writable folder shared with the host would let a
 * submission fill the disk; so only a few small files with plain names travel, as base64 in report lines.
 */
public final class FailureFiles {
    /** Where tests write such files inside the test JVM: {@code -Dcourse.artifactsDir}. */
    public static final String DIR_PROPERTY = "course.artifactsDir";
    /**
     * How a failure message names the folder the files end up in: {@code -Dcourse.artifactsShownAs}, the folder's
     * name next to the grade document ({@code alice-stage4-files}), never a path of the grading machine.
     */
    public static final String SHOWN_AS_PROPERTY = "course.artifactsShownAs";

    static final int MAX_FILES = 5;
    static final long MAX_BYTES = 2L << 20;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,100}\\.html");

    private FailureFiles() {}

    /** Sends the files of the artifacts folder as ARTIFACT reports; says on stderr which were left behind and why. */
    static void send(PrintStream reports, String secret) {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir == null || !Files.isDirectory(Path.of(dir))) {
            return;
        }
        try (Stream<Path> files = Files.list(Path.of(dir))) {
            List<Path> sorted = files.sorted().toList();
            int sent = 0;
            for (Path f : sorted) {
                String name = f.getFileName().toString();
                if (!Files.isRegularFile(f)
                        || !NAME.matcher(name).matches()
                        || Files.size(f) > MAX_BYTES
                        || sent >= MAX_FILES) {
                    System.err.println("runner: artifact " + name + " not kept (at most " + MAX_FILES + " .html files"
                            + " of up to " + (MAX_BYTES >> 20) + " MiB with plain names)");
                    continue;
                }
                reports.println(ReportLine.line(
                        secret,
                        "ARTIFACT",
                        name,
                        "",
                        "",
                        0,
                        Base64.getEncoder().encodeToString(Files.readAllBytes(f))));
                sent++;
            }
        } catch (IOException e) {
            System.err.println("runner: could not read the artifacts in " + dir + ": " + e);
        }
    }

    /** The bytes of an ARTIFACT report, or null when it is not a valid one. */
    public static byte[] decode(ReportLine report) {
        if (!NAME.matcher(report.test()).matches()) {
            return null;
        }
        try {
            byte[] bytes = Base64.getDecoder().decode(report.message());
            return bytes.length <= MAX_BYTES ? bytes : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
