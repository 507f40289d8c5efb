package grading;

/** The performance part of a grade: the standard load against the submission and the reference in one run. */
final class Performance {
    static final String NOT_MEASURED = "performance: not measured; the load kit (course.load) offers no programmatic "
            + "run yet that returns a LoadRun, so the grade has no performance part";

    private Performance() {
    }
}
