package grading.mutants;

/** Third 1 of the mutants {@link MutantsAreCaught} checks, in a fork of its own. */
class MutantsAreCaughtPart1Test extends MutantsAreCaught {
    @Override
    int third() {
        return 0;
    }
}
