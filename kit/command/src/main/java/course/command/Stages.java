package course.command;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The stage registry: every stage of the course, one per folder {@code stages/N-slug/}, with the facts of its
 * {@code stage.yml} ({@link StageFacts}); and the stage a command's results belong to: {@code --stage}, else the
 * {@code stage=} the submission declares in {@code starter/student/src/main/resources/submission.properties}, else
 * unknown (the command then says so). Tools ask this class what a stage is (its nodes, its default ack/from, its
 * reference, its endpoints, its standard runs) instead of comparing stage numbers; {@code ./course stages} prints it.
 */
public final class Stages {
    /** Where the submission declares its stage, relative to the repository root (the same in the student's). */
    public static final String SUBMISSION = "starter/student/src/main/resources/submission.properties";

    private static final Pattern FOLDER = Pattern.compile("(\\d+)-([\\w.-]+)");

    /** The stage a command resolved, and where it came from (said in the output). */
    public record Resolved(Integer number, String source) {
        public boolean known() {
            return number != null;
        }
    }

    /**
     * What the checkout's submission.properties declares about who made its runs: {@code factory=} and
     * {@code student=}, each null when the file or the line is missing. A declaration, not a measurement: the load
     * kit records the factory from the node it measured when it can see it.
     */
    public record Declaration(String factory, String student) {
        public static final Declaration NONE = new Declaration(null, null);
    }

    private final Path root;
    private final List<StageFacts> stages;

    private Stages(Path root, List<StageFacts> stages) {
        this.root = root;
        this.stages = stages;
    }

    /**
     * The stages of the repository at {@code root}. A stage folder whose stage.yml is missing or wrong is a
     * {@link StageFileException} naming the file and the field; two folders of one number are refused too.
     */
    public static Stages at(Path root) {
        List<StageFacts> found = new ArrayList<>();
        Path dir = root.resolve("stages");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> children = Files.list(dir)) {
                for (Path p : children.filter(Files::isDirectory).sorted().toList()) {
                    Matcher m = FOLDER.matcher(p.getFileName().toString());
                    if (m.matches()) {
                        found.add(StageFile.read(p, Integer.parseInt(m.group(1)), m.group(2)));
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot list " + dir + ": " + e.getMessage(), e);
            }
        }
        found.sort(Comparator.comparingInt(StageFacts::number));
        for (int i = 1; i < found.size(); i++) {
            if (found.get(i).number() == found.get(i - 1).number()) {
                throw new IllegalStateException("two folders for stage "
                        + found.get(i).number() + " under " + dir + ": "
                        + found.get(i - 1).folder() + " and " + found.get(i).folder() + "; rename one");
            }
        }
        return new Stages(root, List.copyOf(found));
    }

    /**
     * The repository this command runs in: the system property {@code course.root} (tests), else {@code $COURSE_ROOT}
     * (set by {@code ./course}), else the nearest folder above the working directory that has {@code stages/}.
     */
    public static Stages ofThisRepository() {
        String property = System.getProperty("course.root");
        String env = System.getenv("COURSE_ROOT");
        if (property != null && !property.isBlank()) {
            return at(Path.of(property));
        }
        if (env != null && !env.isBlank()) {
            return at(Path.of(env));
        }
        Path dir = Path.of("").toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("stages"))) {
                return at(p);
            }
        }
        return at(dir);
    }

    public List<StageFacts> list() {
        return stages;
    }

    /** Every fact of stage {@code number}; an {@link IllegalArgumentException} naming the stages if there is none. */
    public StageFacts stage(int number) {
        return stages.stream()
                .filter(s -> s.number() == number)
                .findFirst()
                .orElseThrow(() ->
                        new IllegalArgumentException("there is no stage " + number + "; the stages are " + describe()));
    }

    /** The last stage of the course (or of the stages published so far), or null when no stage folder was found. */
    public Integer latest() {
        return stages.isEmpty() ? null : stages.get(stages.size() - 1).number();
    }

    /** {@code 1 (1-sync-server), 2 (2-executor), ...}: what an error message offers instead of a wrong stage. */
    public String describe() {
        if (stages.isEmpty()) {
            return "none (no stages/N-name/ folders under " + root + "; run through ./course or set COURSE_ROOT)";
        }
        return String.join(
                ", ",
                stages.stream().map(s -> s.number() + " (" + s.folder() + ")").toList());
    }

    /** The given stage if it is one of the course's; an {@link IllegalArgumentException} naming the stages if not. */
    public int check(int stage) {
        return stage(stage).number();
    }

    /**
     * The stage a command's results are recorded under, saying on {@code err} where it came from when it was not
     * {@code --stage}, or that it could not tell (then null: the results carry no stage). An unknown stage is an
     * {@link IllegalArgumentException} naming the stages.
     */
    public Integer resolveAndSay(String command, Integer given, PrintStream err) {
        Resolved r = resolve(given);
        if (!r.known()) {
            err.println(command + ": could not tell the stage (" + r.source() + "); the results are recorded without"
                    + " one: give --stage N");
        } else if (given == null) {
            err.println(command + ": stage " + r.number() + " (" + r.source() + "; --stage N to say otherwise)");
        }
        return r.number();
    }

    /** The factory and student this checkout's submission.properties declares; {@link Declaration#NONE} without one. */
    public Declaration declaration() {
        Path file = root.resolve(SUBMISSION);
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException e) {
            // No file (a checkout that is not a submission) or an unreadable one: nothing is declared, and the stage
            // resolution says why to the user.
            return Declaration.NONE;
        }
        return new Declaration(value(p, "factory"), value(p, "student"));
    }

    private static String value(Properties p, String key) {
        String v = p.getProperty(key, "").trim();
        return v.isEmpty() ? null : v;
    }

    /**
     * The stage of a run: {@code given} (checked) when the user said it, else the submission's declared stage, else
     * unknown. A declared stage that is not a stage of the course is refused too: results filed under it would be
     * attached to no report.
     */
    public Resolved resolve(Integer given) {
        if (given != null) {
            return new Resolved(check(given), "--stage");
        }
        Path file = root.resolve(SUBMISSION);
        if (!Files.isRegularFile(file)) {
            return new Resolved(null, "no --stage given and no " + SUBMISSION + " under " + root);
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException e) {
            return new Resolved(null, "no --stage given and " + file + " cannot be read: " + e.getMessage());
        }
        String declared = p.getProperty("stage", "").trim();
        if (declared.isEmpty()) {
            return new Resolved(null, "no --stage given and no stage= line in " + file);
        }
        int number;
        try {
            number = Integer.parseInt(declared);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "stage=" + declared + " in " + file + " is not a number; the stages are " + describe());
        }
        return new Resolved(check(number), "stage=" + number + " in " + SUBMISSION);
    }
}
