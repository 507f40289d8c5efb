package course.harness;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs a test once for each cluster size the multi-node tests try, 2, 3 and 5 nodes, given as the method's first
 * parameter ({@code int nodes}); each run is shown as "N nodes". One place for the sizes, so every stage's tests
 * cover the same clusters.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest(name = "{0} nodes")
@ValueSource(ints = {2, 3, 5})
public @interface EachClusterSize {}
