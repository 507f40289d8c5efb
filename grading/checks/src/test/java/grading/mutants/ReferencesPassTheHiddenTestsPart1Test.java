package grading.mutants;

/** Third 1 of the references {@link ReferencesPassTheHiddenTests} runs, in a fork of its own. */
class ReferencesPassTheHiddenTestsPart1Test extends ReferencesPassTheHiddenTests {
    @Override
    int third() {
        return 0;
    }
}
