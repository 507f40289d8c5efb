package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.command.Stages;
import course.results.LoadRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The performance step's load is the stage's registry entry: its nodes, its standard runs, its rate. */
class StandardWorkloadTest {
    @TempDir
    Path root;

    @Test
    void theCourseStagesGiveTheNodesTheGraderUsedToComputeAndTheirStandardGetRun() {
        Stages course = Stages.at(GradeCommand.courseRoot());
        List<String> notes = new ArrayList<>();
        StandardWorkload one = StandardWorkload.of(course.stage(1), notes);
        StandardWorkload four = StandardWorkload.of(course.stage(4), notes);
        assertEquals(List.of(1, 3), List.of(one.nodes(), four.nodes()));
        assertEquals(
                new StandardWorkload(3, 64, 2, StandardWorkload.MAX_KEYS, 100, "stages/4-replication/stage.yml", 5000),
                four);
        assertTrue(
                notes.stream().allMatch(n -> n.contains("has 100000 keys; the grader fills and reads 10000")),
                notes.toString());
    }

    @Test
    void aNewStageGetsItsOwnNodesShapeAndRate() throws Exception {
        Files.createDirectories(root.resolve("stages/7-wide"));
        Files.writeString(root.resolve("stages/7-wide/stage.yml"), """
                stage: 7
                title: "Stage 7: wide"
                slug: wide
                nodes: 5
                endpoints: [/v0/entity]
                standard-workloads:
                  - {name: put, rate: 800, connections: 4, threads: 1, duration: 10s, keys: 500, value-size: 2048}
                  - {name: get, rate: 1200, connections: 8, threads: 4, duration: 20s, keys: 500, value-size: 10}
                """);
        List<String> notes = new ArrayList<>();
        StandardWorkload w = StandardWorkload.of(Stages.at(root).stage(7), notes);
        // The GET run's shape; the values as large as the standard PUT run writes them.
        assertEquals(new StandardWorkload(5, 8, 4, 500, 2048, "stages/7-wide/stage.yml", 1200), w);
        assertEquals(List.of(), notes);
        Performance.Side fast = new Performance.Side(run(1500), null, null);
        Performance.Side slow = new Performance.Side(run(900), null, null);
        assertEquals(
                "performance: the stage's standard GET run is 1.20k requests/s; submission sustains 900 only,"
                        + " reference sustains it",
                Performance.standardRate(w.standardRate(), slow, fast));
    }

    private static LoadRun run(double rate) {
        LoadRun r = new LoadRun();
        r.rate = rate;
        return r;
    }
}
