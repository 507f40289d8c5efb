package course.harness;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The sentences of the statement a test checks: the ids of the anchors ({@code <a id="s1-put-201"></a>}) before
 * them in {@code stages/N-slug/README.md} or in the contract's javadoc ({@code c-...}). On a class it holds for
 * every test of the class; on a test method it adds to the class's. The course keeps, for every sentence, the tests
 * that check it: a test that names no sentence checks something the statement never promised, and a sentence no
 * test names is a promise nobody checks.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
public @interface Checks {
    /** Sentence ids, e.g. {@code "s1-put-201"}. */
    String[] value();
}
