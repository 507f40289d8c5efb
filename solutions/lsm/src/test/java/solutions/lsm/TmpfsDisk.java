package solutions.lsm;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real filesystem that fills up: a tmpfs of a few MiB mounted on a test's directory. Mounting needs root on Linux
 * (CI and the course VM run the tests as root); elsewhere, and in the grader's sandbox, which cannot mount, the test
 * that asks for one is skipped with the reason. {@link #fill()} takes every free byte with a file, and
 * {@link #free()} deletes it, which is how a full disk gets its space back.
 */
public final class TmpfsDisk implements AutoCloseable {
    private final Path mountPoint;
    private final Path filler;

    private TmpfsDisk(Path mountPoint) {
        this.mountPoint = mountPoint;
        this.filler = mountPoint.resolve("filler");
    }

    /** Mounts a tmpfs of {@code mebibytes} on {@code mountPoint} (an empty directory), or skips the test. */
    public static TmpfsDisk mount(Path mountPoint, int mebibytes) throws IOException, InterruptedException {
        Assumptions.assumeTrue(
                System.getProperty("os.name").startsWith("Linux"),
                "needs a small filesystem to fill, which this test mounts as a Linux tmpfs; this is "
                        + System.getProperty("os.name"));
        String mount = run("mount", "-t", "tmpfs", "-o", "size=" + mebibytes + "m", "tmpfs", mountPoint.toString());
        Assumptions.assumeTrue(
                mount == null,
                () -> "needs a small filesystem to fill, and cannot mount one (mounting"
                        + " a tmpfs needs root outside a sandbox; the grader's sandbox cannot): " + mount);
        return new TmpfsDisk(mountPoint);
    }

    /** Fills every free byte; returns how many that was. */
    public long fill() throws IOException {
        byte[] chunk = new byte[64 << 10];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(chunk);
                written += chunk.length;
                out.flush();
            }
        } catch (IOException full) {
            if (!String.valueOf(full.getMessage()).contains("No space left on device")) {
                throw full;
            }
        }
        // What did not fit in whole chunks: a byte at a time would take long, so in shrinking chunks.
        for (int size = 32 << 10; size > 0; size /= 2) {
            try (OutputStream out = Files.newOutputStream(filler, StandardOpenOption.APPEND)) {
                out.write(new byte[size]);
                written += size;
            } catch (IOException full) {
                // that much does not fit any more: try less
            }
        }
        return written;
    }

    /** Gives every byte the filler took back. */
    public void free() throws IOException {
        Files.deleteIfExists(filler);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        String umount = run("umount", "-l", mountPoint.toString());
        if (umount != null) {
            throw new IOException("could not unmount the test's tmpfs at " + mountPoint + ": " + umount);
        }
    }

    /** Runs a command; null when it succeeded, else what it printed. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return String.join(" ", command) + " did not finish in 30 s";
        }
        return p.exitValue() == 0 ? null : String.join(" ", command) + " exited with " + p.exitValue() + ": " + output;
    }
}
