package grading.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The sandboxed test JVM's plan crosses the sandbox as properties and comes back the same; a broken one is said. */
class SandboxPlanTest {
    @Test
    void aPlanCrossesTheProcessBoundaryUnchanged() throws Exception {
        SandboxPlan packages =
                new SandboxPlan(List.of("course.tests.stage1", "course.hidden.stage1"), "ModelTest", List.of());
        assertEquals(packages, SandboxPlan.read(packages.write()));
        SandboxPlan again = new SandboxPlan(
                List.of(),
                null,
                List.of("course.tests.stage1.PersistenceTest#stopIsIdempotent" + "AndStoppedNodeDoesNotAnswer"));
        assertEquals(again, SandboxPlan.read(again.write()));
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
