package course.harness;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real filesystem of a few MiB that fills up. In a grade it is the sandbox's own ({@code -Dcourse.smallDisk}, a
 * tmpfs bubblewrap mounts); elsewhere a tmpfs this mounts on a folder, which needs root (the course VM and CI run
 * the tests as root); where neither is there, the test that asks for one is skipped with the reason.
 * {@link #fill()} takes every free byte with a file, and {@link #free()} deletes it, which is how a full disk gets
 * its space back. Every disk-full test of the course, of a node or of a storage engine, fills this one kind of disk.
 */
public final class SmallDisk implements AutoCloseable {
    public static final String PROPERTY = "course.smallDisk";

    private final Path root;
    private final boolean mounted;
    private final Path filler;

    private SmallDisk(Path root, boolean mounted) {
        this.root = root;
        this.mounted = mounted;
        this.filler = root.resolve("filler");
    }

    /** The sandbox's small disk, or a tmpfs of {@code mebibytes} mounted on {@code folder} (empty), or a skip. */
    public static SmallDisk acquire(Path folder, int mebibytes) throws IOException, InterruptedException {
        String given = System.getProperty(PROPERTY, "");
        if (!given.isBlank()) {
            return new SmallDisk(Path.of(given), false);
        }
        Assumptions.assumeTrue(
                System.getProperty("os.name").startsWith("Linux"),
                "needs a small filesystem to fill, which this test mounts as a Linux tmpfs; this is "
                        + System.getProperty("os.name"));
        String mount = run("mount", "-t", "tmpfs", "-o", "size=" + mebibytes + "m", "tmpfs", folder.toString());
        Assumptions.assumeTrue(
                mount == null,
                () -> "needs a small filesystem to fill: no -D" + PROPERTY + " (the grader's sandbox gives one), and "
                        + "mounting a tmpfs needs root: " + mount);
        return new SmallDisk(folder, true);
    }

    public Path root() {
        return root;
    }

    /** Fills every free byte. */
    public void fill() throws IOException {
        byte[] chunk = new byte[64 << 10];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(chunk);
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
            } catch (IOException full) {
                // that much does not fit any more: try less
            }
        }
    }

    /**
     * Leaves {@code bytes} free and fills the rest: room for what a test wants to succeed (a memtable's log) and not
     * for what it wants to fail (that memtable's table too).
     */
    public void fillAllBut(long bytes) throws IOException {
        fill();
        free();
        long free = Files.getFileStore(root).getUsableSpace();
        Files.write(filler, new byte[(int) Math.max(0, free - bytes)]);
    }

    /** Gives every byte the filler took back. */
    public void free() throws IOException {
        Files.deleteIfExists(filler);
    }

    /** Unmounts what this mounted; the sandbox's disk is left as the test's own cleanup left it. */
    @Override
    public void close() throws IOException, InterruptedException {
        free();
        if (mounted) {
            String umount = run("umount", "-l", root.toString());
            if (umount != null) {
                throw new IOException("could not unmount the test's tmpfs at " + root + ": " + umount);
            }
        }
    }

    /**
     * A test's cleanup: closes what the test opened on this disk ({@code null}: nothing), quietly, so that a failed
     * check, not the close that fails after it, is what a failing test reports; then this disk.
     */
    public void closeAfter(Closeable openOnIt) throws IOException, InterruptedException {
        if (openOnIt != null) {
            try {
                openOnIt.close();
            } catch (IOException | RuntimeException e) {
                // the test has failed already
            }
        }
        close();
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
