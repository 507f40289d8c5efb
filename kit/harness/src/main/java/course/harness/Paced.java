package course.harness;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class whose time is set by its clients, not by the CPU: they read answers at a few megabytes a second, or
 * hold them unread for seconds, so most of the class is waiting. A grade runs such classes in a test JVM of their own
 * beside the others (its CPUs are otherwise idle while they wait), and the other JVMs take them only once every other
 * class has begun.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
public @interface Paced {
    /** What sets the pace, for a reader of the class: e.g. {@code "clients that read at 4 MB/s"}. */
    String value();
}
