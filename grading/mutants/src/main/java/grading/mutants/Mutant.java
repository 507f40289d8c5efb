package grading.mutants;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a mutant: a factory of the reference with ONE thing broken, and the test that must catch it. The mutant
 * check runs exactly that test against the mutant and fails when the test passes.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Mutant {
    /** The stage whose reference this mutant breaks; it is run against the tests of that stage only. */
    int stage();

    /** What is broken, as a student would have written it. */
    String breaks();

    /**
     * The statement's sentences this mutant breaks: ids of the anchors in stages/N-slug/README.md or the contract's
     * javadoc (docs/grading/coverage.md lists each sentence with its tests and mutants). Its catching test must name
     * at least one of them in its {@code @Checks}, or the mutant shows nothing about the sentence.
     */
    String[] sentences();

    /** The catching test: {@code fully.qualified.TestClass#method} (public or hidden). */
    String caughtBy();
}
