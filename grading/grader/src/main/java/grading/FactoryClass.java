package grading;

import course.contract.ServiceFactory;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether the class a grade is to start is a factory the tests can create ({@code Submission.instantiate}: a public,
 * concrete {@link ServiceFactory} with a public no-argument constructor). Asked before any test starts: a name that
 * is not such a class would otherwise fail every test of the stage one by one, each with the same error. The classes
 * are read as the test JVM will see them, loaded but not initialized, so none of a submission's code runs in the
 * grader.
 */
final class FactoryClass {
    static final String FACTORY = ServiceFactory.class.getName();

    private FactoryClass() {}

    /** What keeps {@code name}, on {@code classpath}, from being created as the tests create it; empty if nothing. */
    static Optional<String> problem(String name, List<Path> classpath) throws IOException {
        try (URLClassLoader loader = ClasspathJars.loader(classpath)) {
            return problem(name, loader);
        }
    }

    /**
     * Refuses a {@code --factory} that names no factory of the course's own code (a reference or a mutant), before
     * anything is copied or started.
     */
    static void refuseUnlessCourseFactory(String name) throws IOException {
        List<Path> classpath = new ArrayList<>(ClasspathJars.of(ClasspathJars.Group.COMPILE));
        classpath.addAll(ClasspathJars.of(ClasspathJars.Group.COURSE_CODE));
        Optional<String> problem = problem(name, classpath);
        if (problem.isPresent()) {
            throw new GradeException("--factory " + name + " is not a factory the tests can start: " + problem.get()
                    + " in the course's code. Give a stage's reference (./course stages names each, e.g."
                    + " solutions.stage1.Stage1Factory) or a mutant (grading.mutants.stageN.Name)");
        }
    }

    private static Optional<String> problem(String name, ClassLoader loader) {
        try {
            Class<?> type;
            try {
                type = Class.forName(name, false, loader);
            } catch (ClassNotFoundException e) {
                return Optional.of("there is no class " + name);
            }
            if (!Class.forName(FACTORY, false, loader).isAssignableFrom(type)) {
                return Optional.of(name + " does not implement " + FACTORY);
            }
            if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
                return Optional.of(name + " is abstract: the tests create it with new " + type.getSimpleName() + "()");
            }
            if (!Modifier.isPublic(type.getModifiers())) {
                return Optional.of(name + " is not public: the tests create it from another package");
            }
            Constructor<?> noArguments = type.getDeclaredConstructor();
            if (!Modifier.isPublic(noArguments.getModifiers())) {
                return Optional.of(name + "'s no-argument constructor is not public");
            }
            return Optional.empty();
        } catch (NoSuchMethodException e) {
            return Optional.of(
                    name + " needs a public no-argument constructor (the tests create it with no arguments)");
        } catch (ClassNotFoundException | LinkageError e) {
            // The contract missing from the classpath, a class the factory names missing, or a class file that does
            // not load here.
            return Optional.of(name + " does not load: " + e);
        }
    }

    /**
     * The classes under the compiled folder {@code classes} that the tests could create, for a message that points to
     * the right name; each is loaded (with the rest of {@code classpath}) but not initialized.
     */
    static List<String> factoriesIn(Path classes, List<Path> classpath) throws IOException {
        List<String> names;
        try (Stream<Path> walk = Files.walk(classes)) {
            names = walk.filter(p ->
                            p.toString().endsWith(".class") && !p.toString().contains("$"))
                    .map(p -> classes.relativize(p).toString().replace(File.separatorChar, '.'))
                    .map(n -> n.substring(0, n.length() - ".class".length()))
                    .sorted()
                    .toList();
        }
        List<String> factories = new ArrayList<>();
        try (URLClassLoader loader = ClasspathJars.loader(classpath)) {
            for (String name : names) {
                if (problem(name, loader).isEmpty()) {
                    factories.add(name);
                }
            }
        }
        return factories;
    }
}
