package grading;

import java.util.AbstractQueue;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;

/**
 * Where the test JVMs of a grade take their classes from ({@link TestLanes}): the {@link course.harness.Paced} classes
 * wait in a queue of their own, which one more JVM takes from; the other JVMs take every other class first and the
 * paced ones only once the others are all begun. A paced class mostly waits for its slow clients, so beside the CPU
 * bound classes it costs little; in their lanes it left a CPU idle for as long as it ran (a stage-6 grade: 124 s of
 * its 382 s of tests were the two slow-reader classes).
 */
final class ClassQueues {
    private final Queue<String> others = new ConcurrentLinkedQueue<>();
    private final Queue<String> paced = new ConcurrentLinkedQueue<>();

    /** {@code classes} in their order, those in {@code pacedOnes} apart. */
    ClassQueues(List<String> classes, Set<String> pacedOnes) {
        for (String c : classes) {
            (pacedOnes.contains(c) ? paced : others).add(c);
        }
    }

    /** Whether one more JVM runs the paced classes: there are some, and other classes for the other JVMs. */
    boolean pacedLane() {
        return !paced.isEmpty() && !others.isEmpty();
    }

    int others() {
        return others.size();
    }

    int paced() {
        return paced.size();
    }

    /** What the paced JVM takes from: the paced classes only. */
    Queue<String> forPacedLane() {
        return paced;
    }

    /** What every other JVM takes from: the other classes, then the paced ones not yet begun. */
    Queue<String> forOtherLanes() {
        return new OthersFirst();
    }

    private final class OthersFirst extends AbstractQueue<String> {
        @Override
        public String poll() {
            String next = others.poll();
            return next != null ? next : paced.poll();
        }

        @Override
        public String peek() {
            String next = others.peek();
            return next != null ? next : paced.peek();
        }

        @Override
        public boolean offer(String testClass) {
            throw new UnsupportedOperationException("the classes are all queued when the grade begins");
        }

        @Override
        public int size() {
            return others.size() + paced.size();
        }

        @Override
        public Iterator<String> iterator() {
            return Stream.concat(others.stream(), paced.stream()).iterator();
        }
    }
}
