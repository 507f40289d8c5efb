package grading.mutants.coverage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A reviewed exception to the rules, one line of {@code grading/coverage/reviewed.tsv}:
 * {@code id<TAB>status<TAB>why}. {@code no-mutant}: the sentence has tests, and no mutant can show its breakage
 * (say why). {@code open}: not covered yet (no test, or no mutant its tests catch), and what is missing.
 */
public record Review(String id, Status status, String why) {
    public static final String FILE = "grading/coverage/reviewed.tsv";

    public enum Status {
        NO_MUTANT("no-mutant"),
        OPEN("open");

        final String word;

        Status(String word) {
            this.word = word;
        }

        static Status of(String word) {
            for (Status s : values()) {
                if (s.word.equals(word)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("status '" + word + "' is neither no-mutant nor open");
        }
    }

    public static List<Review> read(Path root) {
        try {
            return parse(Files.readString(root.resolve(FILE)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines of the file; '#' starts a comment line. A line that is not three fields says which it is. */
    public static List<Review> parse(String tsv) {
        List<Review> reviews = new ArrayList<>();
        List<String> lines = tsv.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 3 || f[2].isBlank()) {
                throw new IllegalArgumentException(
                        FILE + ":" + (i + 1) + ": want id<TAB>no-mutant|open<TAB>why, got: " + line);
            }
            try {
                reviews.add(new Review(f[0].strip(), Status.of(f[1].strip()), f[2].strip()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(FILE + ":" + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return reviews;
    }
}
