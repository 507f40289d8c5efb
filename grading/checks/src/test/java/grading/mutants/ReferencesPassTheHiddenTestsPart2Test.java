package grading.mutants;

/** Third 2 of the references {@link ReferencesPassTheHiddenTests} runs, in a fork of its own. */
class ReferencesPassTheHiddenTestsPart2Test extends ReferencesPassTheHiddenTests {
    @Override
    int third() {
        return 1;
    }
}
