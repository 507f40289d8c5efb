package grading;

import course.results.LoadRun;
import course.results.Results;
import course.results.Saturation;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The reference's side of the performance part, kept for the grades that follow it on the same machine. Measuring
 * the same reference again with the same plan on the same CPUs tells nothing new and is half of the part's time, so
 * an instructor grading a class in a row measures it once an hour. A kept side is used only when nothing it depended
 * on has changed: this boot of the machine, its CPUs, the JDK, the plan, the sandbox and its limits, and the bytes of
 * every jar and class the reference ran with (the grader's own code among them); and only a side measured quiet (no
 * contended step, nobody seen from outside) that found a rate is kept. A kept side stands for a grade only when the
 * measurement before it, within the hour too, agrees with it ({@link #AGREEMENT_PERCENT}): one side stood for the
 * grades of its hour with its error, and the stage-6 reference then measured 1.47 times itself (a reused 2,340
 * requests/s where two grades measured the same code at 3,440 and 3,750). The grade names the time it was measured.
 */
final class ReferenceReuse {
    /** How long a kept side stands: an hour of grading on the same boot; the host under a VM changes on longer scales. */
    static final Duration MAX_AGE = Duration.ofHours(1);

    /**
     * How far apart two measurements of the same side may be and still agree: their sustained rates within 15% of the
     * higher. Idle grades of the same code differed by up to 8% on one host (the reference against itself 0.92-1.08)
     * and the stage-1 reference's searches held 70k-90k requests/s on another (one step of the search is 5k there);
     * the outlier that stood for an hour was 32% under the side of the grade after it.
     */
    static final int AGREEMENT_PERCENT = 15;

    /** A side as kept: when it was measured, and its figures. */
    record Kept(String measuredAt, LoadRun sustained, Saturation search, LoadRun.Contention outside) {
        Performance.Side side() {
            return new Performance.Side(sustained, search, null, outside, Instant.parse(measuredAt));
        }

        /** Whether {@code other}'s sustained rate is within {@link #AGREEMENT_PERCENT} of this one's. */
        boolean agreesWith(Kept other) {
            double a = sustained.rate;
            double b = other.sustained.rate;
            return Math.abs(a - b) <= AGREEMENT_PERCENT / 100.0 * Math.max(a, b);
        }
    }

    /** What a file of the store holds: the key it was kept under, and its last two quiet sides, the earlier first. */
    record Store(String key, List<Kept> sides) {}

    private final Path dir;

    /** A store in {@code dir} (the course's {@code build/perf-reference}), made when first written to. */
    ReferenceReuse(Path dir) {
        this.dir = dir;
    }

    /**
     * The key of a reference side: everything its figures depend on, as one SHA-256. {@code machine} names the boot
     * and the CPUs ({@link #thisMachine}); {@code classpath} is read byte by byte, folders file by file.
     */
    static String key(String machine, String plan, boolean sandboxed, Limits limits, List<Path> classpath)
            throws IOException {
        MessageDigest sha = sha256();
        for (String part : List.of(
                machine,
                "java " + System.getProperty("java.home") + " " + Runtime.version(),
                plan,
                "sandboxed " + sandboxed,
                "limits " + limits.addressSpaceBytes() + " " + limits.processes() + " " + limits.tmpBytes())) {
            sha.update((part + "\n").getBytes(StandardCharsets.UTF_8));
        }
        for (Path entry : classpath) {
            digest(sha, entry);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /**
     * This boot of this machine and its CPUs, or empty where the kernel does not say (then nothing is reused): the
     * boot id changes with every start, so a side measured before a reboot, or on another VM made from the same image,
     * is never taken for this one's.
     */
    static Optional<String> thisMachine() {
        try {
            String boot =
                    Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
            String model = Files.readString(Path.of("/proc/cpuinfo"))
                    .lines()
                    .filter(l -> l.startsWith("model name"))
                    .findFirst()
                    .orElse("");
            return boot.isEmpty()
                    ? Optional.empty()
                    : Optional.of("boot " + boot + ", " + model + ", "
                            + Runtime.getRuntime().availableProcessors() + " CPUs");
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The side kept under {@code key} that stands at {@code now}, unless {@code fresh}; empty when the reference must
     * be measured (and {@link #keep} it then, for the grades that follow; a fresh one is kept too, after the others).
     */
    Optional<Performance.Side> standing(String key, boolean fresh, Instant now, PrintStream progress) {
        List<Kept> young = young(key, now);
        Optional<Kept> standing = fresh ? Optional.empty() : agreed(young);
        if (standing.isPresent()) {
            Kept kept = standing.get();
            progress.println("grade: performance: the reference's side as an earlier grade measured it at "
                    + kept.measuredAt() + " on this machine, within " + AGREEMENT_PERCENT
                    + "% of the measurement before it (--perf-fresh-reference measures it again)");
            return Optional.of(kept.side());
        }
        if (!fresh && !young.isEmpty()) {
            Kept last = young.getLast();
            progress.println("grade: performance: measuring the reference's side: the hour's last measurement ("
                    + last.measuredAt() + ", " + Math.round(last.sustained().rate) + " requests/s) stands for later"
                    + " grades once another agrees with it within " + AGREEMENT_PERCENT + "%");
        }
        return Optional.empty();
    }

    /** The later of the last two young sides, when they agree. */
    private static Optional<Kept> agreed(List<Kept> young) {
        if (young.size() < 2) {
            return Optional.empty();
        }
        Kept last = young.getLast();
        return last.agreesWith(young.get(young.size() - 2)) ? Optional.of(last) : Optional.empty();
    }

    /**
     * The sides kept under {@code key} that are younger than {@link #MAX_AGE} at {@code now} and not measured after
     * it, the earlier first; none for a missing, broken or foreign file.
     */
    private List<Kept> young(String key, Instant now) {
        Path file = dir.resolve(key + ".json");
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            Store store = Results.mapper().readValue(file.toFile(), Store.class);
            if (store == null || store.sides() == null || !key.equals(store.key())) {
                return List.of();
            }
            List<Kept> young = new ArrayList<>();
            for (Kept kept : store.sides()) {
                if (kept == null || kept.measuredAt() == null || kept.sustained() == null) {
                    return List.of();
                }
                Instant at = Instant.parse(kept.measuredAt());
                if (!at.isAfter(now) && Duration.between(at, now).compareTo(MAX_AGE) < 0) {
                    young.add(kept);
                }
            }
            return young;
        } catch (IOException | DateTimeParseException e) {
            // a broken or foreign file is no measurement: the reference is measured again and the file replaced
            return List.of();
        }
    }

    /**
     * Keeps {@code side} under {@code key}, after the sides still young at {@code measuredAt} (the last two in all),
     * when it may stand for later grades: it found a rate and was quiet. Written whole or not at all
     * ({@link Results#writeAtomically}), so a grade running beside never reads half a store.
     */
    boolean keep(String key, Performance.Side side, Instant measuredAt) throws IOException {
        if (side.problem() != null || side.sustained() == null || side.contended()) {
            return false;
        }
        List<Kept> sides = new ArrayList<>(young(key, measuredAt));
        sides.add(new Kept(measuredAt.toString(), side.sustained(), side.search(), side.outside()));
        List<Kept> lastTwo = List.copyOf(sides.subList(Math.max(0, sides.size() - 2), sides.size()));
        Results.writeAtomically(
                dir.resolve(key + ".json"), Results.mapper().writeValueAsString(new Store(key, lastTwo)));
        return true;
    }

    private static void digest(MessageDigest sha, Path entry) throws IOException {
        if (Files.isDirectory(entry)) {
            try (Stream<Path> files = Files.walk(entry)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    sha.update((entry.relativize(f) + "\n").getBytes(StandardCharsets.UTF_8));
                    digestFile(sha, f);
                }
            }
        } else if (Files.isRegularFile(entry)) {
            sha.update((entry.getFileName() + "\n").getBytes(StandardCharsets.UTF_8));
            digestFile(sha, entry);
        }
    }

    private static void digestFile(MessageDigest sha, Path file) throws IOException {
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
            while (in.read(buffer) >= 0) {
                // DigestInputStream updates sha as it reads
            }
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }
}
