package grading.mutants;

/** Third 2 of the mutants {@link MutantsAreCaught} checks, in a fork of its own. */
class MutantsAreCaughtPart2Test extends MutantsAreCaught {
    @Override
    int third() {
        return 1;
    }
}
