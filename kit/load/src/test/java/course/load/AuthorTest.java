package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import course.command.Stages;
import course.results.FactorySource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Who a run measured: the node's factory when its command line says it, else the checkout's declaration. */
class AuthorTest {
    private static final String REFERENCE = "solutions.stage1.Stage1Factory";
    private static final Stages.Declaration ALICE = new Stages.Declaration("student.StudentServiceFactory", "alice");

    @Test
    void aLaunchersCommandLineNamesItsFactory() {
        List<String> run = List.of(
                "/usr/bin/java",
                "-Xmx128m",
                "-cp",
                "a.jar:b.jar",
                Author.LAUNCHER,
                "--port",
                "8080",
                "--dir",
                "/tmp/n0",
                "--cluster",
                "http://localhost:8080",
                "--factory",
                REFERENCE);
        assertEquals(REFERENCE, Author.factoryInCommandLine(run));
        assertEquals(
                REFERENCE, Author.factoryInCommandLine(List.of("java", Author.LAUNCHER, "--factory=" + REFERENCE)));
        assertEquals("x.F", Author.factoryInCommandLine(List.of("java", "-Dcourse.factory=x.F", Author.LAUNCHER)));
        assertNull(
                Author.factoryInCommandLine(List.of("java", Author.LAUNCHER, "--port", "8080")),
                "a launcher without --factory runs the submission on its own classpath: not known from here");
        assertNull(Author.factoryInCommandLine(List.of("nginx", "--factory", REFERENCE)), "not a course node");
    }

    @Test
    void theNodesFactoryWinsAndADeclaredStudentOnlyClaimsTheDeclaredFactory() {
        Author reference = Author.of(REFERENCE, null, ALICE);
        assertEquals(
                new Author(REFERENCE, FactorySource.NODE, null),
                reference,
                "a reference node measured in a checkout that declares alice is not alice's");
        assertEquals(new Author(ALICE.factory(), FactorySource.NODE, "alice"), Author.of(ALICE.factory(), null, ALICE));
        assertEquals(
                new Author(ALICE.factory(), FactorySource.SUBMISSION, "alice"), Author.of((String) null, null, ALICE));
        assertEquals(
                new Author(ALICE.factory(), FactorySource.SUBMISSION, "bob"), Author.of((String) null, "bob", ALICE));
        assertEquals(
                new Author(null, null, null),
                Author.of((String) null, null, Stages.Declaration.NONE),
                "nothing known is recorded as nothing, never as the reference");
    }
}
