package grading.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The list of mutants that {@link MutantsAreCaught} checks: complete, long enough, each naming a test that exists. */
class MutantListTest {
    /**
     * A mutant class that is not in {@link Mutants}'s list is never checked: ShortDefaultDeadline and
     * ImpatientPeerCalls were written, documented as caught, and left out of the list until this test.
     */
    @Test
    void everyClassWithAMutantAnnotationIsListed() throws Exception {
        Path location = Path.of(Mutants.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Set<String> listed = new HashSet<>();
        Mutants.all().forEach(m -> listed.add(m.factory()));
        List<String> unlisted = new ArrayList<>();
        // The mutants module's jar in ./mvnw verify (this test lives in grading/checks), its classes folder in an IDE.
        try (FileSystem jar = Files.isDirectory(location) ? null : FileSystems.newFileSystem(location)) {
            Path root = jar == null ? location : jar.getPath("/");
            try (Stream<Path> files = Files.walk(root.resolve("grading/mutants"))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                    String name =
                            root.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                    Class<?> type = Class.forName(name, false, Mutants.class.getClassLoader());
                    if (type.isAnnotationPresent(Mutant.class) && !listed.contains(type.getName())) {
                        unlisted.add(type.getName());
                    }
                }
            }
        }
        assertEquals(List.of(), unlisted, "add these to Mutants.ALL, or they are never checked");
    }

    @Test
    void thereAreEnoughMutantsAndEachNamesAnExistingTest() {
        assertTrue(Mutants.all().size() >= 20, "only " + Mutants.all().size() + " mutants");
        List<String> missing = new ArrayList<>();
        for (Mutants.Entry m : Mutants.all()) {
            try {
                Class<?> test = Class.forName(m.caughtByClass());
                if (m.caughtByMethod() != null
                        && MutantMatrix.testMethods(test).stream()
                                .noneMatch(method -> method.getName().equals(m.caughtByMethod()))) {
                    missing.add(m.name() + ": no method " + m.caughtBy());
                }
            } catch (ClassNotFoundException e) {
                missing.add(m.name() + ": no test class " + m.caughtByClass());
            }
        }
        assertEquals(List.of(), missing);
    }
}
