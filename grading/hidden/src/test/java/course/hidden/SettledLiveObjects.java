package course.hidden;

import course.harness.Cluster;
import course.harness.LiveObjects;

/**
 * What a node holds for good once nothing is on its way out any more, for the tests of what a node lets go of: a
 * worker that sent the last answer may not have returned yet on a busy machine, and its frame still holds that
 * request's value (a suite run saw one 8 MiB value so, once).
 */
public final class SettledLiveObjects {
    private SettledLiveObjects() {}

    /**
     * The node's live objects after a full collection, measured again a second later while above {@code limit},
     * three times at most; the least of them. What a node keeps for good stays, what a finishing thread holds goes.
     */
    public static LiveObjects of(Cluster cluster, int node, long limit) throws Exception {
        LiveObjects least = cluster.liveObjects(node);
        for (int again = 0; again < 2 && least.bytes() >= limit; again++) {
            Thread.sleep(1000);
            LiveObjects now = cluster.liveObjects(node);
            if (now.bytes() < least.bytes()) {
                least = now;
            }
        }
        return least;
    }

    /** Bytes as mebibytes with one decimal, for the failure messages. */
    public static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
