package course.harness;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives a test a started {@link Cluster} of the declared submission's nodes as a parameter; everything is stopped
 * and cleaned up after the test (the data and node logs are kept, and their folder printed, when the test fails),
 * or after the class's last test with {@link #perClass()}. On a method it overrides the class's annotation, and that
 * method gets a cluster of its own.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(ClusterExtension.class)
public @interface WithCluster {
    int nodes() default 1;

    NodeMode mode() default NodeMode.IN_PROCESS;

    /** Heap of each node in {@link NodeMode#PROCESS} mode. */
    String heap() default "128m";

    /**
     * The flags of node JVMs ({@link NodeMode#PROCESS} mode, and every node of a grade, where all nodes run in JVMs of
     * their own): {@link NodeJvm#AS_RUN} when the test's point is memory, time or overload, which must see the node as
     * users run it, else {@link NodeJvm#QUICK_START}. No default: every test says which, and one that keeps
     * {@code QUICK_START} where its point might seem to depend on the flags says why next to it.
     */
    NodeJvm jvm();

    /** Start the nodes before the test runs; false leaves them stopped. */
    boolean started() default true;

    /**
     * Settings the nodes start with, each {@code name=value}, as a user gives them with {@code -D} (e.g.
     * {@code "course.workers=16"}): system properties of the test JVM while the cluster starts (nodes in JVMs of their
     * own get them on their command lines), put back once it has started, so no other test sees them. A node the test
     * stops and starts again starts with the properties the test JVM has then ({@link SystemProperties}). Refused with
     * {@code started = false}: they would never reach the nodes.
     */
    String[] settings() default {};

    /**
     * Put a {@link NodeProxy} in front of every node, so the nodes reach each other only through proxies that the
     * test controls with {@link Cluster#proxy(int)} (in-process nodes only).
     */
    boolean proxied() default false;

    /**
     * One cluster for the tests of the class (read on the class's annotation only): started for the first test that
     * asks for it and stopped after the last, as a node in the field serves one kind of client after another. A test
     * gets a fresh cluster instead when the one before it failed or left a node stopped. For classes of several tests
     * whose nodes are costly to start (several JVMs as users run them) and whose tests leave the nodes as they found
     * them (keys of their own, no proxy left cut, no setting changed).
     */
    boolean perClass() default false;
}
