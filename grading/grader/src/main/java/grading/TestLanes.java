package grading;

import grading.runner.ReportLine;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The grade's test classes in several test JVMs side by side ({@link Limits#testJvmsHere}), each a run under class
 * budgets ({@link ClassBudgets}) in a sandbox of its own. One test JVM and its nodes kept 1.1 of the course VM's two
 * CPUs busy on average (an idle stage-6 grade: 540 core-seconds in 481 s): most of a test's time is a node JVM
 * starting or a client waiting for an answer, so a second JVM's tests fill the other CPU. The classes wait in one
 * queue in name order and each JVM takes the next as it finishes one, so the JVMs end within about a class of each
 * other: dealt out in turn beforehand, a stage-3 grade's two JVMs ended at 191 and 115 s (its slowest class, 51 s, and
 * others long in one of them). Name order, not longest first: ordered by the classes' times in an earlier grade, a
 * stage-4 grade's JVMs ended within a second of each other but ran the long classes (the large clusters) side by side,
 * and the grade took 303 s against 249 s in name order (the classes' times summed to 568 against 485 s). The classes
 * that mostly wait for their slow clients ({@link course.harness.Paced}) run in one JVM more ({@link ClassQueues}).
 * The lanes' outcomes are joined into one run whose tests stand in the order one JVM would have run them.
 */
final class TestLanes {
    private TestLanes() {}

    /** Runs the selection's classes in lanes; one lane (one class, or one CPU) is just a {@link ClassBudgets} run. */
    static ClassBudgets.Run run(TestRunSetup given, PrintStream progress) throws IOException, InterruptedException {
        List<String> classes =
                TestClasses.selected(given.stage(), given.selection().only());
        int lanes = lanes(classes.size(), given.limits().testJvmsHere());
        if (lanes < 2) {
            return ClassBudgets.run(given, classes.size(), progress);
        }
        ClassQueues queues = new ClassQueues(classes, TestClasses.paced(classes));
        boolean pacedLane = queues.pacedLane();
        int others = pacedLane ? Math.min(lanes, queues.others()) : lanes;
        String taking = taking(queues);
        progress.println("grade: " + others + " test JVMs side by side, " + taking + " (--test-jvms)");
        TestRunSetup handedOut = given.withSelection(given.selection().handedOutFrom(queues.forOtherLanes()));
        ExecutorService pool = Executors.newFixedThreadPool(others + 1);
        CompletionService<ClassBudgets.Run> done = new ExecutorCompletionService<>(pool);
        try {
            List<Future<ClassBudgets.Run>> running = new ArrayList<>();
            for (int i = 0; i < others; i++) {
                PrintStream labelled = LabelledLines.of(progress, "jvm " + (i + 1) + " ");
                running.add(done.submit(() -> ClassBudgets.run(handedOut, classes.size(), labelled)));
            }
            if (pacedLane) {
                TestRunSetup paced = given.withSelection(given.selection().handedOutFrom(queues.forPacedLane()));
                PrintStream labelled = LabelledLines.of(progress, "jvm " + (others + 1) + " ");
                running.add(done.submit(() -> ClassBudgets.run(paced, classes.size(), labelled)));
            }
            // in the order they end: a lane that could not run stops the others at once (finally)
            for (int i = 0; i < running.size(); i++) {
                finished(done.take());
            }
            ClassBudgets.Run joined =
                    join(classes, running.stream().map(Future::resultNow).toList());
            List<String> notes = new ArrayList<>();
            notes.add("tests: " + others + " test JVMs side by side, each in a sandbox of its own, " + taking
                    + " (--test-jvms)");
            notes.addAll(joined.notes());
            return new ClassBudgets.Run(joined.outcome(), notes, joined.stoppedClasses());
        } finally {
            pool.shutdownNow();
        }
    }

    /** What the test JVMs take, in a few words: the classes, and the paced ones of the one JVM more. */
    static String taking(ClassQueues queues) {
        return queues.pacedLane()
                ? "each taking the next of the " + queues.others() + " test classes as it finishes one, and one more"
                        + " for the " + queues.paced() + " whose clients set their pace (@Paced), which the others"
                        + " take too once theirs are all begun"
                : "each taking the next of the " + (queues.others() + queues.paced())
                        + " test classes as it finishes one";
    }

    /** How many test JVMs run {@code classes} classes: at most {@code jvms}, never one without a class. */
    static int lanes(int classes, int jvms) {
        return Math.max(1, Math.min(jvms, classes));
    }

    /**
     * The lanes' runs as one: every test in the order of {@code classes} (its class's place; within a class, as its
     * lane ran it), all reports, files, notes and stopped classes; the longest lane's time; and the ending (finished,
     * timed out, exit code, stderr) of the first lane that did not finish, so that a test it left unfinished is
     * explained by its own JVM's last words.
     */
    static ClassBudgets.Run join(List<String> classes, List<ClassBudgets.Run> lanes) {
        Map<String, Integer> place = new LinkedHashMap<>();
        for (int i = 0; i < classes.size(); i++) {
            place.put(classes.get(i), i);
        }
        List<Map.Entry<String, String>> planned = new ArrayList<>();
        Map<String, ReportLine> results = new LinkedHashMap<>();
        Map<String, byte[]> artifacts = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        Set<String> stopped = new LinkedHashSet<>();
        double seconds = 0;
        int leftRunning = 0;
        TestJvm.Outcome ending = lanes.getFirst().outcome();
        for (ClassBudgets.Run lane : lanes) {
            TestJvm.Outcome o = lane.outcome();
            planned.addAll(o.planned().entrySet());
            results.putAll(o.results());
            artifacts.putAll(o.artifacts());
            notes.addAll(lane.notes());
            stopped.addAll(lane.stoppedClasses());
            seconds = Math.max(seconds, o.seconds());
            leftRunning += o.leftRunning();
            if (ending.finished() && !o.finished()) {
                ending = o;
            }
        }
        planned.sort(Comparator.comparingInt(e -> place.getOrDefault(TestOutcome.className(e.getKey()), place.size())));
        Map<String, String> plan = new LinkedHashMap<>();
        planned.forEach(e -> plan.put(e.getKey(), e.getValue()));
        TestJvm.Outcome joined = new TestJvm.Outcome(
                plan,
                results,
                ending.finished(),
                ending.timedOut(),
                ending.exitCode(),
                ending.stderrTail(),
                seconds,
                leftRunning,
                artifacts,
                null);
        return new ClassBudgets.Run(joined, notes, stopped);
    }

    private static void finished(Future<ClassBudgets.Run> lane) throws IOException, InterruptedException {
        try {
            lane.get();
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case IOException io -> throw io;
                case InterruptedException interrupted -> throw interrupted;
                case RuntimeException runtime -> throw runtime;
                case Error error -> throw error;
                default -> throw new IllegalStateException(e.getCause());
            }
        }
    }
}
