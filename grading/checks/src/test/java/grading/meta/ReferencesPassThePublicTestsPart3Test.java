package grading.meta;

/** Third 3 of {@link ReferencesPassThePublicTests}' references, in a fork of its own. */
class ReferencesPassThePublicTestsPart3Test extends ReferencesPassThePublicTests {
    @Override
    int third() {
        return 2;
    }
}
