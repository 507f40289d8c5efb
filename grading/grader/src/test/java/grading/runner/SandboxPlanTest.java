package grading.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sandboxed test JVM's plan crosses the sandbox as properties and comes back the same; a broken one is said. */
class SandboxPlanTest {
    @Test
    void aPlanCrossesTheProcessBoundaryUnchanged() throws Exception {
        SandboxPlan packages =
                new SandboxPlan(List.of("course.tests.stage1", "course.hidden.stage1"), "ModelTest", List.of(), false);
        assertEquals(packages, SandboxPlan.read(packages.write()));
        SandboxPlan again = new SandboxPlan(
                List.of(),
                null,
                List.of("course.tests.stage1.PersistenceTest#stopIsIdempotent" + "AndStoppedNodeDoesNotAnswer"),
                false);
        assertEquals(again, SandboxPlan.read(again.write()));
    }

    @Test
    void theClassesHandedOutFollowThePlanOnTheSameStream() throws Exception {
        SandboxPlan handedOut = new SandboxPlan(List.of("course.tests.stage1"), null, List.of(), true);
        BufferedReader stdin =
                new BufferedReader(new StringReader(handedOut.write() + "course.tests.stage1.EntityProtocolTest\n"));
        assertEquals(handedOut, SandboxPlan.read(stdin));
        assertEquals("course.tests.stage1.EntityProtocolTest", stdin.readLine(), "the plan's reader stops at its end");
        assertTrue(assertThrows(
                        IllegalArgumentException.class, () -> new SandboxPlan(List.of(), null, List.of("p.A#x"), true))
                .getMessage()
                .contains("handed out from test packages"));
    }

    @Test
    void aMissingOrBrokenPlanSaysWhatWasWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SandboxPlan.read(""))
                .getMessage()
                .contains("no plan"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SandboxPlan.read("packages=\ntests=\n"))
                .getMessage()
                .contains("exactly one of them"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SandboxPlan.read("packages=\ntests=Foo\n"))
                .getMessage()
                .contains("CLASS#METHOD"));
    }
}
