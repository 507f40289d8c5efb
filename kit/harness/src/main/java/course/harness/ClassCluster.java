package course.harness;

import java.io.IOException;
import java.util.function.Supplier;

/**
 * The cluster that the tests of one class share ({@link WithCluster#perClass()}): handed to each test while every
 * node still runs, replaced when one does not, and stopped when JUnit closes the class's store after its last test.
 * Tests of a class run one at a time, so one test at a time holds it.
 */
final class ClassCluster implements AutoCloseable {
    private Cluster current;

    /** The cluster for the next test: the one the test before used if all its nodes run, else a new one. */
    synchronized Cluster forNextTest(Supplier<Cluster> start) {
        if (current != null && !allRunning(current)) {
            try {
                discard(current);
            } catch (IOException e) {
                // the stale cluster's folder stays behind; the next test needs a cluster more than this one's files
            }
        }
        if (current == null) {
            current = start.get();
        }
        return current;
    }

    /** Stops {@code cluster} (a test failed on it, a node of it stopped, the class ended): the next test gets a new one. */
    synchronized void discard(Cluster cluster) throws IOException {
        if (current == cluster) {
            current = null;
        }
        ClusterExtension.close(cluster);
    }

    private static boolean allRunning(Cluster cluster) {
        for (int i = 0; i < cluster.size(); i++) {
            if (!cluster.isRunning(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public synchronized void close() throws IOException {
        if (current != null) {
            discard(current);
        }
    }
}
