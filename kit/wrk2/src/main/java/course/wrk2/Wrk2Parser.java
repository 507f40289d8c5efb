package course.wrk2;

import course.results.LoadRun;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads wrk2 outputs into load runs: plain outputs, several runs in one file, or runs pasted into a markdown report
 * among prose and code fences. Each run found becomes a {@link LoadRun} with {@code source.tool = "wrk2-import"}; a
 * run that cannot be read becomes a problem message and the others are still read.
 */
public final class Wrk2Parser {
    private Wrk2Parser() {}

    /**
     * Reads every run of a wrk2 output; a run that cannot be read is a problem of the result, not an exception.
     *
     * @param text the file's contents
     * @param fileName the file's name or path, recorded as {@code source.file}; its name may give the rate and
     *     workload when the text does not
     */
    public static ParseResult parse(String text, String fileName) {
        List<LoadRun> runs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<WrkLine> lines = LineClassifier.classify(text);
        for (RunBlock block : BlockSplitter.split(lines)) {
            try {
                runs.add(RunBuilder.build(block, RunSections.read(block), lines, fileName));
            } catch (UnreadableRunException e) {
                problems.add(fileName + ":" + e.line + ": run " + block.index() + " (from line "
                        + block.first().number() + ") not imported: " + e.getMessage());
            }
        }
        return new ParseResult(runs, problems);
    }
}
