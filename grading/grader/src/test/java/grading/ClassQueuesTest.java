package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The paced classes (those that mostly wait for slow clients) run in a test JVM of their own, which the other JVMs
 * help only once every other class is begun; the real test jars mark the two slow-reader classes paced.
 */
class ClassQueuesTest {
    private static final List<String> CLASSES = List.of("p.A", "p.Slow", "p.B", "p.Slower", "p.C");

    @Test
    void thePacedLaneTakesThePacedClassesOnly() {
        ClassQueues queues = new ClassQueues(CLASSES, Set.of("p.Slow", "p.Slower"));
        assertTrue(queues.pacedLane());
        assertEquals(Arrays.asList("p.Slow", "p.Slower", null), drain(queues.forPacedLane(), 3));
    }

    @Test
    void theOtherLanesTakeEveryOtherClassFirstThenThePacedOnesLeft() {
        ClassQueues queues = new ClassQueues(CLASSES, Set.of("p.Slow", "p.Slower"));
        Queue<String> others = queues.forOtherLanes();
        Queue<String> paced = queues.forPacedLane();
        assertEquals("p.Slow", paced.poll(), "the paced JVM begins the first paced class");
        assertEquals(4, others.size());
        assertEquals(List.of("p.A", "p.B", "p.C", "p.Slower"), drain(others, 4));
        assertTrue(others.isEmpty());
        assertTrue(paced.isEmpty(), "a paced class is run once, by whichever JVM took it first");
    }

    @Test
    void noPacedLaneWithoutPacedClassesOrWithoutOthers() {
        ClassQueues none = new ClassQueues(CLASSES, Set.of());
        assertFalse(none.pacedLane());
        assertEquals(CLASSES, drain(none.forOtherLanes(), 5), "every class in its order, as before");
        ClassQueues allPaced = new ClassQueues(List.of("p.Slow", "p.Slower"), Set.of("p.Slow", "p.Slower"));
        assertFalse(allPaced.pacedLane(), "only paced classes: the JVMs the grade has take them, none more");
        assertEquals(List.of("p.Slow", "p.Slower"), drain(allPaced.forOtherLanes(), 2));
    }

    @Test
    void theGradeSaysWhichJvmsTakeWhat() {
        ClassQueues queues = new ClassQueues(CLASSES, Set.of("p.Slow", "p.Slower"));
        assertEquals(
                "each taking the next of the 3 test classes as it finishes one, and one more for the 2 whose clients"
                        + " set their pace (@Paced), which the others take too once theirs are all begun",
                TestLanes.taking(queues));
        assertEquals(
                "each taking the next of the 5 test classes as it finishes one",
                TestLanes.taking(new ClassQueues(CLASSES, Set.of())));
    }

    @Test
    void theSlowReaderClassesOfTheTestJarsArePacedAndTheirSubclassToo() {
        List<String> stage4 = TestClasses.of(4);
        Set<String> paced = TestClasses.paced(stage4);
        assertEquals(
                Set.of("course.hidden.stage1.SlowReadersTest", "course.hidden.stage4.ReplicatedSlowReadersTest"),
                paced);
        assertTrue(stage4.size() > 40, "the stage-4 grade's classes: " + stage4.size());
    }

    private static List<String> drain(Queue<String> queue, int n) {
        List<String> taken = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            taken.add(queue.poll());
        }
        return taken;
    }
}
