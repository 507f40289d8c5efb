package grading.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The references are the registry's (each stage.yml's {@code reference:}), present when their class is: a stage past
 * the sixth is checked like the others, not skipped by a highest stage number written in code.
 */
class ReferencesTest {
    @TempDir
    Path root;

    @Test
    void theCourseHasAReferenceForEachOfItsStages() {
        assertEquals(List.of(1, 2, 3, 4, 5, 6), References.stages());
        assertEquals("solutions.stage4.Stage4Factory", References.factory(4));
    }

    @Test
    void aNewStageWithAReferenceOnTheClasspathIsChecked() throws Exception {
        // Stage 7 names a reference class this checkout has, stage 8 one it has not.
        stage(7, "solutions.stage6.Stage6Factory");
        stage(8, "solutions.stage8.Stage8Factory");
        String before = System.getProperty("course.root");
        System.setProperty("course.root", root.toString());
        try {
            assertEquals(List.of(7), References.stages());
            assertTrue(References.exists(7));
            assertFalse(References.exists(8));
            assertEquals("solutions.stage8.Stage8Factory", References.factory(8));
        } finally {
            System.setProperty("course.root", before);
        }
    }

    private void stage(int n, String reference) throws Exception {
        Path folder = Files.createDirectories(root.resolve("stages/" + n + "-next"));
        Files.writeString(
                folder.resolve("stage.yml"),
                "stage: " + n + "\ntitle: Stage " + n + "\nslug: next\nnodes: 3\n"
                        + "endpoints: [/v0/entity]\nreference: " + reference + "\n");
    }
}
