package course.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stage a run belongs to: --stage, else the submission's stage=, else unknown; never a stage that is not one. */
class StagesTest {
    @TempDir
    Path root;

    private Stages twoStages() throws Exception {
        StageFolders.write(root, 1, "sync-server", "nodes: 1");
        StageFolders.write(root, 2, "executor", "nodes: 1");
        Files.createDirectories(root.resolve("stages/notes"));
        return Stages.at(root);
    }

    private void declare(String line) throws Exception {
        Path file = root.resolve(Stages.SUBMISSION);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "factory=student.StudentServiceFactory\n" + line + "\n");
    }

    @Test
    void theStagesAreTheNumberedFolders() throws Exception {
        Stages stages = twoStages();
        assertEquals(2, stages.list().size());
        assertEquals("1 (1-sync-server), 2 (2-executor)", stages.describe());
    }

    @Test
    void theSubmissionDeclaresItsFactoryAndOptionallyItsStudent() throws Exception {
        Stages stages = twoStages();
        assertEquals(Stages.Declaration.NONE, stages.declaration(), "no submission.properties: nothing declared");
        declare("stage=1");
        assertEquals(new Stages.Declaration("student.StudentServiceFactory", null), stages.declaration());
        declare("stage=1\nstudent = alice ");
        assertEquals(new Stages.Declaration("student.StudentServiceFactory", "alice"), stages.declaration());
    }

    @Test
    void anExplicitStageWinsOverTheSubmission() throws Exception {
        Stages stages = twoStages();
        declare("stage=1");
        Stages.Resolved r = stages.resolve(2);
        assertEquals(2, r.number());
        assertEquals("--stage", r.source());
    }

    @Test
    void withoutStageTheSubmissionSaysIt() throws Exception {
        Stages stages = twoStages();
        declare("stage=2");
        Stages.Resolved r = stages.resolve(null);
        assertEquals(2, r.number());
        assertTrue(r.source().contains("submission.properties"), r.source());
    }

    @Test
    void withNeitherTheStageIsUnknownAndSaysWhy() throws Exception {
        Stages.Resolved r = twoStages().resolve(null);
        assertFalse(r.known());
        assertTrue(r.source().contains("no --stage") && r.source().contains(Stages.SUBMISSION), r.source());
        declare("# no stage line");
        assertFalse(twoStages().resolve(null).known());
    }

    @Test
    void anUnknownStageIsRefusedWithTheListOfStages() throws Exception {
        Stages stages = twoStages();
        var given = assertThrows(IllegalArgumentException.class, () -> stages.resolve(9));
        assertEquals("there is no stage 9; the stages are 1 (1-sync-server), 2 (2-executor)", given.getMessage());
        declare("stage=9");
        var declared = assertThrows(IllegalArgumentException.class, () -> stages.resolve(null));
        assertTrue(declared.getMessage().contains("1 (1-sync-server), 2 (2-executor)"), declared.getMessage());
        declare("stage=two");
        var text = assertThrows(IllegalArgumentException.class, () -> stages.resolve(null));
        assertTrue(text.getMessage().contains("not a number"), text.getMessage());
    }
}
