package grading;

import course.results.Results;
import grading.mutants.MutantMatrix;
import grading.mutants.Mutants;
import grading.mutants.References;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./course grade --mutant-matrix}: every mutant against its catching test and against the public tests of
 * its stage (in this JVM, nodes in-process unless a test needs its own JVM), printed and written as Markdown.
 */
final class MutantMatrixCommand {
    private MutantMatrixCommand() {}

    /** Runs the matrix; true when every mutant was caught. */
    static boolean run(Path out, PrintStream print) throws IOException {
        List<MutantMatrix.Row> rows = new ArrayList<>();
        for (Mutants.Entry m : Mutants.all()) {
            if (!References.exists(m.stage())) {
                print.println("skipped " + m.name() + ": no stage-" + m.stage() + " reference in this checkout");
                continue;
            }
            MutantMatrix.Row row = MutantMatrix.caught(m, true);
            print.printf(
                    "%-28s caught=%-5s public=%-5s (%.1f s)%n",
                    m.name(), row.caught(), row.publicCatch(), row.seconds());
            rows.add(row);
        }
        print.println();
        print.print(MutantMatrix.text(rows));
        Results.writeAtomically(out, MutantMatrix.markdown(rows));
        print.println("written: " + out.toAbsolutePath());
        return rows.stream().allMatch(MutantMatrix.Row::caught);
    }
}
