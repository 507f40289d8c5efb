package grading.mutants;

/** Third 3 of the mutants {@link MutantsAreCaught} checks, in a fork of its own. */
class MutantsAreCaughtPart3Test extends MutantsAreCaught {
    @Override
    int third() {
        return 2;
    }
}
