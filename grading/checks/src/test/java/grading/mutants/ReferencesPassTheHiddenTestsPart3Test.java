package grading.mutants;

/** Third 3 of the references {@link ReferencesPassTheHiddenTests} runs, in a fork of its own. */
class ReferencesPassTheHiddenTestsPart3Test extends ReferencesPassTheHiddenTests {
    @Override
    int third() {
        return 2;
    }
}
