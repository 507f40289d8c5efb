package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.SeededValues;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * An engine's merges of its tables, driven through HTTP alone: enough data for many flushes at the 4 MiB memtable the
 * statement suggests, with overwrites and deletes of older keys in tables of their own (a clean restart flushes), so
 * that a merge of the newest tables meets tombstones whose values sit in an older table it does not merge. The data
 * goes in three steps: old values of every key, then a big filler that the engine has to merge; then eight restarts,
 * each after overwriting or deleting some keys (a small table each); then more filler, whose flushes make the engine
 * merge the small tables with the newer ones but not with the big old one. Every key is then read back, and again
 * after a restart.
 *
 * <p>The first restart waits until the old filler's merges are done (the working directory holds still): a merge
 * that has not begun when a node closes is not run, so on a busy machine the old filler could stay in ten tables of
 * one memtable each, which the last merge then takes in with all the others, and an engine that drops tombstones in
 * partial merges passed.
 */
@Stage(1)
// QUICK_START: the time merges get is measured against the writes' own time, which the flags slow down alike
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class CompactionTest {
    private static final int KEYS = 384;
    private static final int ROUNDS = 8;
    private static final int FILLER_VALUE_BYTES = 256 << 10;
    /** 40 MiB: ten 4 MiB memtables, one more than the reference engine keeps as tables before it merges. */
    private static final int OLD_FILLER_VALUES = 160;
    /** 12 MiB: three more flushes after the small tables, each of which lets a merge start. */
    private static final int NEW_FILLER_VALUES = 48;
    /** Files a working directory may hold once the node is idle after all that: tables, a log and a few more. */
    private static final int MOST_FILES = 16;
    /** How long a working directory must hold still to count as having no merge running (see {@link #awaitQuiet}). */
    private static final Duration QUIET = Duration.ofSeconds(1);

    @Test
    @Checks("s1-merge-keeps-newest")
    void deletesAndOverwritesSurviveMergesAndARestart(Cluster cluster, Seed seed) throws Exception {
        KvClient c = client(cluster);
        long writing = System.nanoTime();
        Model model = write(cluster, c, seed);
        // Read once the background merges are done: read while they run, a merge that loses a tombstone may not have
        // happened yet (an engine that dropped tombstones in partial merges passed two suite runs this way, the
        // second because the tables were already few enough files before its merges began).
        long deadline = deadline(Duration.ofNanos(System.nanoTime() - writing));
        awaitMerges(cluster.workingDir(0), deadline);
        awaitQuiet(cluster.workingDir(0), deadline);
        model.readBack(c, "after the merges");
        cluster.restart(0);
        model.readBack(c, "after the merges and a restart");
    }

    @Test
    @Checks("s1-engine-merges")
    void manyFlushesLeaveABoundedNumberOfFiles(Cluster cluster, Seed seed) throws Exception {
        long writing = System.nanoTime();
        write(cluster, client(cluster), seed);
        Duration took = Duration.ofNanos(System.nanoTime() - writing);
        Duration wait = mergeWait(took);
        long files = awaitMerges(cluster.workingDir(0), deadline(took));
        assertTrue(
                files <= MOST_FILES,
                "after " + (OLD_FILLER_VALUES + NEW_FILLER_VALUES) * (FILLER_VALUE_BYTES >> 10) / 1024
                        + " MiB of writes and " + ROUNDS + " restarts (each of which flushes), the node's working "
                        + "directory still holds " + files + " files " + wait.toSeconds()
                        + " s later (as long as the writes "
                        + "took; at most " + MOST_FILES
                        + " files expected): merge tables in the background, so that a long "
                        + "stream of writes leaves a bounded number of files");
    }

    /**
     * Waits until the working directory holds at most {@link #MOST_FILES} files, or until {@code deadline} ({@link
     * #deadline}): merges run in the background. Returns the files counted last.
     */
    private static long awaitMerges(Path dir, long deadline) throws IOException, InterruptedException {
        long files = sizes(dir).size();
        while (files > MOST_FILES && System.nanoTime() < deadline) {
            Thread.sleep(200);
            files = sizes(dir).size();
        }
        return files;
    }

    /**
     * Waits until no file below {@code dir} has come, gone or changed its size for {@link #QUIET}, or until {@code
     * deadline}: a merge writes its table as it goes, so a directory that holds still that long has no merge
     * running. A queued merge starts at once on an engine that is otherwise idle.
     */
    private static void awaitQuiet(Path dir, long deadline) throws IOException, InterruptedException {
        Map<Path, Long> last = sizes(dir);
        long stillSince = System.nanoTime();
        while (System.nanoTime() - stillSince < QUIET.toNanos() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            Map<Path, Long> now = sizes(dir);
            if (!now.equals(last)) {
                last = now;
                stillSince = System.nanoTime();
            }
        }
    }

    /**
     * How long the merges may take once the writes are done: as long as the writes took on this run (at least 5 s).
     * The last merges rewrite a small part of what went through HTTP, so an engine that merges at all is done well
     * before that on a machine of any speed, busy or not; a fixed deadline would be too short on a slow machine or
     * make every grade of an engine that never merges wait for the longest one.
     */
    private static Duration mergeWait(Duration writing) {
        Duration floor = Duration.ofSeconds(5);
        return writing.compareTo(floor) > 0 ? writing : floor;
    }

    /** The {@link System#nanoTime} by which the merges of writes that took {@code writing} must be done. */
    private static long deadline(Duration writing) {
        return System.nanoTime() + mergeWait(writing).toNanos();
    }

    private static KvClient client(Cluster cluster) {
        return cluster.client().withTimeout(Duration.ofSeconds(30)); // a write may wait for a merge
    }

    /** The three steps of the class comment; returns what every key must read as now. */
    private static Model write(Cluster cluster, KvClient c, Seed seed) throws IOException, InterruptedException {
        Model model = new Model(seed);
        for (int k = 0; k < KEYS; k++) {
            model.put(c, k, 0);
        }
        long filling = System.nanoTime();
        filler(c, seed, "old", OLD_FILLER_VALUES);
        awaitQuiet(cluster.workingDir(0), deadline(Duration.ofNanos(System.nanoTime() - filling)));
        Random random = seed.random();
        for (int round = 1; round <= ROUNDS; round++) {
            for (int k = 0; k < KEYS; k++) {
                switch (model.fate(k, round)) {
                    case DELETED -> model.delete(c, k);
                    case OVERWRITTEN -> model.put(c, k, round);
                    case REWRITTEN -> {
                        model.delete(c, k);
                        model.put(c, k, round);
                    }
                    case KEPT -> {
                        if (random.nextInt(8) == 0) {
                            model.put(c, k, round); // some churn in every round, its place chosen by the seed
                        }
                    }
                }
            }
            cluster.restart(0);
        }
        filler(c, seed, "new", NEW_FILLER_VALUES);
        return model;
    }

    private static void filler(KvClient c, Seed seed, String name, int values) {
        for (int i = 0; i < values; i++) {
            c.put(0, "filler-" + name + "-" + i, SeededValues.of(seed.value(), -1 - i, FILLER_VALUE_BYTES))
                    .assertStatus(201);
        }
    }

    /**
     * Every file below {@code dir} with its size, taken while the engine merges: a file or folder that a merge renames
     * or deletes between the listing and the look at it is simply left out (Files.walk would throw there).
     */
    private static Map<Path, Long> sizes(Path dir) throws IOException {
        Map<Path, Long> sizes = new HashMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                try {
                    BasicFileAttributes a =
                            Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    if (a.isRegularFile()) {
                        sizes.put(entry, a.size());
                    } else if (a.isDirectory()) {
                        sizes.putAll(sizes(entry));
                    }
                } catch (NoSuchFileException gone) {
                    // renamed or deleted by a merge since the listing: a change the next look sees
                }
            }
        } catch (NoSuchFileException gone) {
            // the folder itself went away in the middle of a merge: what was seen of it stands
        }
        return sizes;
    }

    /** What happens to a key in a round: the same for every seed, so every grade has keys of each kind. */
    private enum Fate {
        KEPT,
        DELETED,
        OVERWRITTEN,
        REWRITTEN
    }

    /** Every key's value now ({@code null} when deleted), each value a function of the seed, key and round. */
    private static final class Model {
        private final Seed seed;
        private final int[] roundOfValue = new int[KEYS];
        private final int[] length = new int[KEYS];
        private final Random lengths;

        Model(Seed seed) {
            this.seed = seed;
            this.lengths = new Random(seed.value() ^ 0x6C656E67L);
        }

        /**
         * Each key changes in at most one round: keys {@code 4j + 1} are deleted there (and their old value stays in
         * the oldest table), {@code 4j + 2} overwritten, {@code 4j + 3} deleted and written again.
         */
        // Fate is declared in the order of k % 4 (javadoc above).
        @SuppressWarnings("EnumOrdinal")
        Fate fate(int k, int round) {
            if (k % 4 == 0 || (k / 4) % ROUNDS + 1 != round) {
                return Fate.KEPT;
            }
            return Fate.values()[k % 4];
        }

        void put(KvClient c, int k, int round) {
            roundOfValue[k] = round;
            length[k] = 1 + lengths.nextInt(3000);
            c.put(0, key(k), value(k)).assertStatus(201);
        }

        void delete(KvClient c, int k) {
            roundOfValue[k] = -1;
            c.delete(0, key(k)).assertStatus(202);
        }

        void readBack(KvClient c, String when) {
            for (int k = 0; k < KEYS; k++) {
                try {
                    c.get(0, key(k)).assertValue(roundOfValue[k] < 0 ? null : value(k));
                } catch (AssertionError e) {
                    String last = roundOfValue[k] < 0
                            ? "deleted in round " + ((k / 4) % ROUNDS + 1)
                            : "last written in round " + roundOfValue[k];
                    throw new AssertionError(
                            key(k) + " (written before the old filler, " + last + ") is wrong " + when + ": "
                                    + e.getMessage(),
                            e);
                }
            }
        }

        private byte[] value(int k) {
            return SeededValues.of(seed.value(), (long) roundOfValue[k] * KEYS + k, length[k]);
        }

        private static String key(int k) {
            return String.format("key-%04d", k);
        }
    }
}
