package grading.meta;

/** Third 2 of {@link ReferencesPassThePublicTests}' references, in a fork of its own. */
class ReferencesPassThePublicTestsPart2Test extends ReferencesPassThePublicTests {
    @Override
    int third() {
        return 1;
    }
}
