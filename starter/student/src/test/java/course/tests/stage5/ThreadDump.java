package course.tests.stage5;

import course.harness.Cluster;
import course.runtime.Submission;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A dump of every thread of a node's JVM, virtual threads included, and the question the stage asks of it: which
 * threads of the submission's code are parked waiting for another node's answer? The dump is the node's own JVM's
 * when nodes run in JVMs of their own (as in a grade), else this JVM's, which runs every in-process node.
 */
public final class ThreadDump {
    /** Frames that mean "this thread waits for a result that another thread produces". */
    private static final List<String> WAITS = List.of(
            "java.util.concurrent.CompletableFuture.get(", "java.util.concurrent.CompletableFuture.join(",
            "java.util.concurrent.CompletableFuture.waitingGet(", "java.util.concurrent.CompletableFuture.timedGet(",
            "java.util.concurrent.FutureTask.get(", "java.util.concurrent.CountDownLatch.await(",
            "jdk.internal.net.http.HttpClientImpl.send(", "one.nio.http.HttpClient.invoke(");

    private final List<List<String>> threads;

    private ThreadDump(List<List<String>> threads) {
        this.threads = threads;
    }

    /** The threads of the JVM that runs the cluster's node {@code node}. */
    public static ThreadDump take(Cluster cluster, int node) throws IOException {
        return parse(cluster.threadDump(node).lines().toList());
    }

    /** Blocks of lines, one per thread: a "#id name" line, then its frames. */
    private static ThreadDump parse(List<String> lines) {
        List<List<String>> threads = new ArrayList<>();
        List<String> current = null;
        for (String line : lines) {
            if (line.startsWith("#")) {
                current = new ArrayList<>();
                threads.add(current);
            }
            if (current != null && !line.isBlank()) {
                current.add(line.strip().replaceFirst("^at ", ""));
            }
        }
        return new ThreadDump(threads);
    }

    /**
     * Threads whose stack holds both a frame of the submission's code and a frame that waits for a result: a worker
     * parked on a replica's future, a synchronous HTTP call, a latch. Each is given as its header and stack.
     */
    public List<String> submissionThreadsWaitingForResults() {
        Submission submission = Submission.current();
        List<String> waiting = new ArrayList<>();
        for (List<String> thread : threads) {
            boolean ours = thread.stream().skip(1).anyMatch(submission::ownsFrame);
            boolean waits = thread.stream().skip(1).anyMatch(f -> WAITS.stream().anyMatch(f::contains));
            if (ours && waits) {
                waiting.add(String.join("\n    ", thread.subList(0, Math.min(thread.size(), 25))));
            }
        }
        return waiting;
    }

    public int size() {
        return threads.size();
    }
}
