package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.command.CourseCommandLine;
import course.command.StageFacts;
import course.command.Stages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./course run} takes what it says about a stage from the registry (stage.yml), a new stage included. */
class RunStageFactsTest {
    /** A stage the course does not have: four nodes that all acknowledge, with ranges; its "reference" a test class. */
    static final String FOUR_NODES = """
            stage: 7
            title: "Stage 7: four nodes"
            slug: four-nodes
            nodes: 4
            replication: {ack: all, from: all}
            endpoints: [/v0/entity, /v0/entities]
            reference: course.harness.SocketOnlyService$Exclusive
            """;

    @TempDir
    Path root;

    @Test
    void theExamplesOfTheCourseStagesSayTheirDefaultAckFromAndRanges() {
        Stages course = Stages.ofThisRepository();
        String one = RunCommand.tryIt(course.stage(1), "Stage 1 reference", "http://localhost:1", 1);
        assertTrue(one.contains("'http://localhost:1/v0/entity?id=k1'") && one.contains("stops the node"), one);
        assertFalse(one.contains("ack=") || one.contains("/v0/entities"), one);
        String four = RunCommand.tryIt(course.stage(4), "Stage 4 reference", "http://localhost:1", 3);
        assertTrue(four.contains("/v0/entity?id=k1&ack=2&from=3'") && four.contains("stops all nodes"), four);
        assertFalse(four.contains("/v0/entities"), four);
        String six = RunCommand.tryIt(course.stage(6), "Stage 6 reference", "http://localhost:1", 3);
        assertTrue(six.contains("curl --raw 'http://localhost:1/v0/entities?start=k'"), six);
    }

    @Test
    void aNewStageFolderIsAStageOfRunWithItsNodesAndItsRules() throws Exception {
        writeStages(root);
        String before = System.getProperty("course.root");
        System.setProperty("course.root", root.toString());
        try {
            RunOptions o = new RunOptions();
            CourseCommandLine.parse(o, "--stage", "7");
            assertEquals(7, o.checked().stage);
            assertNull(o.nodes, "no --nodes: the stage's own count is used");
        } finally {
            System.setProperty("course.root", before);
        }
        StageFacts seven = Stages.at(root).stage(7);
        assertEquals(4, seven.nodes());
        String text = RunCommand.tryIt(seven, "Stage 7 reference", "http://localhost:2", seven.nodes());
        assertTrue(text.contains("id=k1&ack=4&from=4'") && text.contains("/v0/entities?start=k"), text);
    }

    /** {@code stages/} under {@code root}: the course's stage 1 and {@link #FOUR_NODES}. */
    static void writeStages(Path root) throws IOException {
        Path one = Files.createDirectories(root.resolve("stages/1-sync-server"));
        Files.copy(
                Path.of(System.getProperty("course.root")).resolve("stages/1-sync-server/stage.yml"),
                one.resolve("stage.yml"));
        Files.writeString(
                Files.createDirectories(root.resolve("stages/7-four-nodes")).resolve("stage.yml"), FOUR_NODES);
    }
}
