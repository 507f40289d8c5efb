package course.wrk2;

import course.results.LoadRun;
import java.util.List;

/**
 * What a text held: the runs that could be read, and one message per run that could not (file, line, what was
 * expected there). A text with no wrk2 output at all gives neither.
 */
public record ParseResult(List<LoadRun> runs, List<String> problems) {
    public ParseResult {
        runs = List.copyOf(runs);
        problems = List.copyOf(problems);
    }
}
