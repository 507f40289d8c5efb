package grading.meta;

/** Third 1 of {@link ReferencesPassThePublicTests}' references, in a fork of its own. */
class ReferencesPassThePublicTestsPart1Test extends ReferencesPassThePublicTests {
    @Override
    int third() {
        return 0;
    }
}
