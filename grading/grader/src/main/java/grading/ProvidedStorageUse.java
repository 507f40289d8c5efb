package grading;

import course.results.Grade;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The storage points reward an engine of the student's own: a submission whose compiled classes name the engine the
 * student repository provides (course.storage.lsm, the reference LSM) keeps every other point and none of the
 * category {@value #CATEGORY}. The stage-1 statement says so.
 */
final class ProvidedStorageUse {
    static final String CATEGORY = "storage";
    /** How a class file names a class of the provided engine: its internal name, in the constant pool. */
    private static final String PACKAGE = "course/storage/lsm/";

    private ProvidedStorageUse() {}

    /** Whether any class compiled from the submission refers to the provided engine. */
    static boolean in(Path classes) throws IOException {
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                // ISO-8859-1 maps each byte to one char, so the ASCII name is found wherever its bytes are
                if (new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(PACKAGE)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The outcome with the storage category's earned points at zero, a note that says why, and the points each test
     * is worth with the storage tests at zero (what the Gradescope export shows per test).
     */
    static TestOutcome withheld(TestOutcome outcome) {
        double withheld = 0;
        List<Grade.Part> parts = new ArrayList<>();
        for (Grade.Part part : outcome.score().breakdown()) {
            boolean storage = CATEGORY.equals(part.category());
            withheld += storage ? part.earned() : 0;
            parts.add(storage ? new Grade.Part(part.category(), 0, part.max()) : part);
        }
        Grade.Score score = new Grade.Score(
                Points.round(outcome.score().earned() - withheld),
                outcome.score().max(),
                parts);
        List<String> notes = new ArrayList<>(outcome.notes());
        notes.add("the submission uses the provided storage engine (course.storage.lsm): the " + CATEGORY
                + " tests ran and are shown, but their points (" + Points.round(withheld) + " earned) go to an"
                + " engine of your own; see the Storage section of the stage-1 statement");
        Map<String, Double> left = new LinkedHashMap<>(outcome.worth());
        outcome.tests().stream().filter(t -> CATEGORY.equals(t.category())).forEach(t -> left.put(t.name(), 0.0));
        return new TestOutcome(outcome.tests(), score, left, notes);
    }
}
