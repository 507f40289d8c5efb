package course.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The stage registry is stage.yml and nothing else: the course's stages say what the tools used to decide by
 * comparing numbers, a new folder is a new stage everywhere, and a wrong file is refused with its name and field.
 */
class StageRegistryTest {
    static final String STAGE_7 = """
            stage: 7
            title: "Stage 7: something new"
            slug: something
            nodes: 5
            replication: {ack: all, from: 3}
            endpoints: [/v0/entity, /v0/entities, /v0/something]
            reference: solutions.stage7.Stage7Factory
            demo-note: "what stage 7 shows"
            standard-workloads:
              - {name: put, rate: 700, connections: 7, threads: 1, duration: 7s, keys: 7000, value-size: 70}
              - {name: get, rate: 900, connections: 9, threads: 3, duration: 2m, keys: 9000, value-size: 70}
            """;

    @TempDir
    Path root;

    @Test
    void theCourseStagesCarryWhatTheToolsUsedToComputeFromTheirNumbers() {
        Stages course = Stages.at(Path.of(System.getProperty("course.root", "../..")));
        assertEquals(
                List.of(1, 2, 3, 4, 5, 6),
                course.list().stream().map(StageFacts::number).toList());
        for (StageFacts s : course.list()) {
            assertEquals(s.number() >= 3 ? 3 : 1, s.nodes(), s.folder());
            assertEquals(s.number() >= 4, s.defaultReplication().isPresent(), s.folder());
            assertEquals(s.number() >= 6, s.serves(StageFacts.RANGE_ENDPOINT), s.folder());
            assertEquals(
                    "solutions.stage" + s.number() + ".Stage" + s.number() + "Factory",
                    s.referenceFactory().orElseThrow());
            assertEquals(5000, s.workload("get").orElseThrow().rate(), s.folder());
            assertEquals(Duration.ofSeconds(30), s.workload("put").orElseThrow().duration(), s.folder());
        }
        Replication stage4 = course.stage(4).defaultReplication().orElseThrow();
        assertEquals(List.of(2, 3), List.of(stage4.ack(3), stage4.from(3)));
        assertEquals(List.of(1, 1), List.of(stage4.ack(1), stage4.from(1)));
        assertEquals(List.of(3, 5), List.of(stage4.ack(5), stage4.from(5)));
    }

    @Test
    void aStageFolderWithItsStageYmlIsAStageEverywhereTheRegistryFeeds() throws Exception {
        StageFolders.copyCourseStages(root);
        Files.createDirectories(root.resolve("stages/7-something"));
        Files.writeString(root.resolve("stages/7-something/stage.yml"), STAGE_7);

        Stages stages = Stages.at(root);
        assertEquals(7, stages.latest());
        assertEquals(7, stages.check(7));
        assertTrue(stages.describe().endsWith("6 (6-range), 7 (7-something)"), stages.describe());
        assertEquals(7, stages.resolve(7).number());
        StageFacts seven = stages.stage(7);
        assertEquals("Stage 7: something new", seven.title());
        assertEquals(5, seven.nodes());
        assertEquals(
                List.of(3, 3),
                List.of(
                        seven.defaultReplication().orElseThrow().ack(seven.nodes()),
                        seven.defaultReplication().orElseThrow().from(seven.nodes())));
        assertTrue(seven.serves(StageFacts.RANGE_ENDPOINT) && seven.serves("/v0/something"));
        assertEquals(
                new Workload("get", 900, 9, 3, Duration.ofMinutes(2), 9000, 70),
                seven.workload("get").orElseThrow());
        assertEquals(700, seven.workload("put").orElseThrow().rate());
        assertEquals("solutions.stage7.Stage7Factory", seven.referenceFactory().orElseThrow());
        assertTrue(seven.referenceOn(getClass().getClassLoader()).isEmpty(), "no such class in this checkout");

        String tsv = stagesCommand("--tsv");
        assertTrue(tsv.startsWith(String.join("\t", StagesCommand.TSV_COLUMNS) + "\n"), tsv);
        assertTrue(tsv.contains("\n7\t7-something\t5\t3\t3\t-\twhat stage 7 shows\n"), tsv);
        assertTrue(tsv.contains("\n4\t4-replication\t3\t2\t3\t"), tsv);
        assertTrue(tsv.contains("\n1\t1-sync-server\t1\t-\t-\t"), tsv);
        String text = stagesCommand();
        assertTrue(text.contains("7  7-something  Stage 7: something new"), text);
        assertTrue(text.contains("standard run: get at 900 requests/s for 120 s, 9 connections, 3 threads"), text);
    }

    private String stagesCommand(String... args) {
        String old = System.getProperty("course.root");
        System.setProperty("course.root", root.toString());
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
            int code = CourseCommandLine.execute(
                    new StagesCommand(print), args, print, new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
            return out.toString(StandardCharsets.UTF_8);
        } finally {
            System.setProperty("course.root", old == null ? "" : old);
            if (old == null) {
                System.clearProperty("course.root");
            }
        }
    }

    /** Each line: what replaces the good file's line (| for a newline), the field the message names, a phrase of it. */
    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "nodes: three; nodes; whole number from 1 to 16",
                "nodes: 0; nodes; whole number from 1 to 16",
                "stage: 8; stage; says 8 but the folder is stage 7",
                "slug: other; slug; says 'other' but the folder is 7-something",
                "replication: {ack: most, from: all}; replication.ack; 'most' is not one of 'majority', 'all', 'one'",
                "replication: {ack: 1, form: all}; replication.form; not a field of stage.yml here; the fields are ack, from",
                "endpoints: []; endpoints; must be a non-empty list",
                "endpoints: [v0/entity]; endpoints[0]; not a path starting with /",
                "reference: not a class; reference; not a fully qualified class name",
                "colour: blue; colour; not a field of stage.yml here",
                "  - {name: get, rate: fast, connections: 9, threads: 3, duration: 2m, keys: 9000, value-size: 70}; "
                        + "standard-workloads[1].rate; whole number",
                "  - {name: get, rate: 900, connections: 9, threads: 3, duration: 2 minutes, keys: 9000, value-size: 70}; "
                        + "standard-workloads[1].duration; not a duration like 30s",
                "  - {name: delete, rate: 900, connections: 9, threads: 3, duration: 2m, keys: 9000, value-size: 70}; "
                        + "standard-workloads[1].name; must be get or put",
                "  - {name: get, rate: 900, connections: 9, threads: 3, duration: 2m, keys: 9000}; "
                        + "standard-workloads[1].value-size; is missing",
            })
    void aWrongStageYmlNamesTheFileTheFieldAndWhatToDo(String line, String field, String phrase) throws Exception {
        // (the CSV source trims the list item's indentation; it is put back here)
        String entry = line.startsWith("- ") ? "  " + line : line;
        String key = entry.startsWith("  - ") ? "  - {name: get" : line.substring(0, line.indexOf(':') + 1);
        String good = STAGE_7.lines().filter(l -> l.startsWith(key)).findFirst().orElse(null);
        String bad = good == null ? STAGE_7 + entry + "\n" : STAGE_7.replace(good, entry);
        Path file = write(bad);
        var e = assertThrows(StageFileException.class, () -> Stages.at(root));
        assertTrue(e.getMessage().startsWith(file + ": field '" + field + "': "), e.getMessage());
        assertTrue(e.getMessage().contains(phrase), e.getMessage());
        assertTrue(
                e.getMessage().contains("fix it in that file") && e.getMessage().contains("stages/README.md"),
                e.getMessage());
    }

    @Test
    void aMissingOrUnreadableStageYmlIsRefusedWithTheFile() throws Exception {
        Path folder = Files.createDirectories(root.resolve("stages/7-something"));
        var missing = assertThrows(StageFileException.class, () -> Stages.at(root));
        assertTrue(missing.getMessage().startsWith(folder.resolve("stage.yml") + ": is missing"), missing.getMessage());
        Path file = write("stage: 7\ntitle: [unclosed\n");
        var broken = assertThrows(StageFileException.class, () -> Stages.at(root));
        assertTrue(broken.getMessage().startsWith(file + ": is not valid YAML"), broken.getMessage());
        write("- just\n- a list\n");
        assertTrue(assertThrows(StageFileException.class, () -> Stages.at(root))
                .getMessage()
                .contains("must be a mapping of fields"));
        write(STAGE_7);
        StageFolders.write(root, 2, "executor", "nodes: 1");
        StageFolders.write(root, 2, "other", "nodes: 1");
        var twice = assertThrows(IllegalStateException.class, () -> Stages.at(root));
        assertTrue(
                twice.getMessage().contains("two folders for stage 2")
                        && twice.getMessage().contains("2-executor and" + " 2-other; rename one"),
                twice.getMessage());
    }

    private Path write(String text) throws Exception {
        Path file = Files.createDirectories(root.resolve("stages/7-something")).resolve("stage.yml");
        Files.writeString(file, text);
        return file;
    }
}
