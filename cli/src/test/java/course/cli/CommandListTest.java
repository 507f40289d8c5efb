package course.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** commands.txt is the one list of ./course's subcommands: what it names exists, and the docs say no other. */
class CommandListTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyJavaCommandOfTheCourseIsBuiltAndHasAMain() throws Exception {
        CommandList list = CommandList.load();
        for (CommandList.Row row : list.rows()) {
            if (row.className() != null) {
                assertTrue(CommandList.present(row.className()), row.name() + ": " + row.className() + " is missing");
                assertNotNull(Class.forName(row.className()).getMethod("main", String[].class), row.className());
            }
            assertTrue(Set.of("course", "student", "both").contains(row.audience()), row.toString());
        }
        assertEquals(
                List.of("stages", "run", "launch", "load", "saturate", "profile", "import-wrk", "bench", "grade"),
                list.javaCommands());
    }

    @Test
    void everyShellCommandIsHandledByItsScript() throws Exception {
        String course = Files.readString(ROOT.resolve("course"));
        String student = Files.readString(ROOT.resolve("publish/student/course"));
        for (CommandList.Row row : CommandList.load().rows()) {
            if (row.className() == null) {
                String script = row.audience().equals("student") ? student : course;
                assertTrue(
                        Pattern.compile("\\n\\s+(\\S+\\|)*" + Pattern.quote(row.name()) + "(\\|\\S+)*\\)")
                                .matcher(script)
                                .find(),
                        row.name() + " (" + row.audience() + ") has no case in its script");
            }
        }
    }

    @Test
    void theSitesToolTableNamesOnlyStudentCommands() throws Exception {
        Set<String> forStudents = CommandList.load().rows().stream()
                .filter(r -> !r.audience().equals("course"))
                .map(CommandList.Row::name)
                .collect(Collectors.toSet());
        String index = Files.readString(ROOT.resolve("docs/index.md"));
        Matcher m =
                Pattern.compile("^\\| `\\./course ([\\w-]+)", Pattern.MULTILINE).matcher(index);
        int rows = 0;
        while (m.find()) {
            rows++;
            assertTrue(
                    forStudents.contains(m.group(1)),
                    "docs/index.md lists ./course " + m.group(1)
                            + ", which students do not have (cli/src/main/resources/course/cli/commands.txt)");
        }
        assertTrue(rows >= 5, "the tools table of docs/index.md");
    }

    @Test
    void aMalformedLineIsNamed() {
        var e = assertThrows(
                IllegalStateException.class, () -> CommandList.parse(List.of("load | both | course.load.LoadCommand")));
        assertTrue(
                e.getMessage().contains("'load | both | course.load.LoadCommand' should have 5 fields"),
                e.getMessage());
    }
}
