package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;

/** The outcome of one run of a test suite against one factory. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class TestRun extends ResultDocument {
    public String factory;
    public List<TestResult> tests = new ArrayList<>();
    public Environment environment;

    public TestRun() {
        super("test-run");
    }
}
