package grading;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A pristine folder per grading: the student's sources and resources (nothing else of theirs), their compiled
 * classes, and copies of the jars the tests need, all readable by the sandbox's user. {@link #close()} deletes it.
 */
final class Workspace implements AutoCloseable {
    static final long COMPILE_SECONDS = 180;

    final Path root;
    final Path sources;
    final Path classes;
    final Path lib;
    final Path tmp;
    private final List<Path> compileClasspath = new ArrayList<>();
    private final List<Path> runtimeClasspath = new ArrayList<>();
    /** The load kit's jars in this workspace, once {@link #perfClasspath} copied them. */
    private List<Path> perfTools;

    Workspace() throws IOException {
        root = Files.createTempDirectory("course-grade-");
        sources = Files.createDirectories(root.resolve("src"));
        classes = Files.createDirectories(root.resolve("classes"));
        lib = Files.createDirectories(root.resolve("lib"));
        tmp = Files.createDirectories(root.resolve("tmp"));
        for (Path jar : ClasspathJars.of(ClasspathJars.Group.COMPILE)) {
            compileClasspath.add(copyArtifact(jar));
        }
        runtimeClasspath.add(classes);
        runtimeClasspath.addAll(compileClasspath);
        for (ClasspathJars.Group group : List.of(ClasspathJars.Group.TEST_RUNTIME, ClasspathJars.Group.TESTS)) {
            for (Path jar : ClasspathJars.of(group)) {
                runtimeClasspath.add(copyArtifact(jar));
            }
        }
        runtimeClasspath.add(copyArtifact(ClasspathJars.graderRunner()));
    }

    /** Adds the course's own code (references, mutants) as the code under test instead of a student's sources. */
    void addCourseCode() throws IOException {
        for (Path jar : ClasspathJars.of(ClasspathJars.Group.COURSE_CODE)) {
            runtimeClasspath.add(copyArtifact(jar));
        }
    }

    /**
     * Adds the load kit, for the performance run; the tests' JVM never has it. Copied in once: a side measured again,
     * and the reference's key for reuse ({@link ReferenceReuse}), ask for the same classpath.
     */
    List<Path> perfClasspath() throws IOException {
        if (perfTools == null) {
            List<Path> copied = new ArrayList<>();
            for (Path jar : ClasspathJars.of(ClasspathJars.Group.PERF_TOOLS)) {
                copied.add(copyArtifact(jar));
            }
            perfTools = List.copyOf(copied);
        }
        List<Path> cp = new ArrayList<>(runtimeClasspath);
        cp.addAll(perfTools);
        return cp;
    }

    List<Path> runtimeClasspath() {
        return List.copyOf(runtimeClasspath);
    }

    /** Copies the student's files in; returns what was taken, relative to their starter folder. */
    List<String> take(StudentFiles files) throws IOException {
        List<String> taken = new ArrayList<>();
        for (Path rel : files.sources()) {
            Path to = sources.resolve(StudentFiles.JAVA.relativize(rel));
            Files.createDirectories(to.getParent());
            Files.copy(files.root().resolve(rel), to, StandardCopyOption.REPLACE_EXISTING);
            taken.add(rel.toString());
        }
        for (Path rel : files.resources()) {
            Path to = classes.resolve(StudentFiles.RESOURCES.relativize(rel));
            Files.createDirectories(to.getParent());
            Files.copy(files.root().resolve(rel), to, StandardCopyOption.REPLACE_EXISTING);
            taken.add(rel.toString());
        }
        return taken;
    }

    /** Compiles the taken sources with --release 21; null on success, else the compiler's output. */
    String compile() throws IOException, InterruptedException {
        List<String> javaFiles;
        try (var walk = Files.walk(sources)) {
            javaFiles = walk.filter(p -> p.toString().endsWith(".java"))
                    .map(Path::toString)
                    .toList();
        }
        if (javaFiles.isEmpty()) {
            return "the submission has no .java files under src/main/java";
        }
        Path argFile = root.resolve("javac.args");
        List<String> args = new ArrayList<>(List.of(
                "--release",
                "21",
                "-proc:none",
                "-encoding",
                "UTF-8",
                "-nowarn",
                "-d",
                classes.toString(),
                "-cp",
                join(compileClasspath)));
        javaFiles.forEach(f -> args.add('"' + f.replace("\\", "\\\\") + '"'));
        Files.write(argFile, args, StandardCharsets.UTF_8);
        Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
        Path log = root.resolve("javac.log");
        // A submission compiles in seconds: javac's JVM with the JIT's first tier and one GC thread spends half the
        // CPU (the stage-1 reference with its storage: 1.8 instead of 3.6 core-seconds, 1.3 instead of 4.3 s) for the
        // same class files.
        OptionalInt exit = ProcessTrees.exitWithin(
                List.of(
                        javac.toString(),
                        "-J-Xmx512m",
                        "-J-XX:TieredStopAtLevel=1",
                        "-J-XX:+UseSerialGC",
                        "@" + argFile),
                log,
                COMPILE_SECONDS);
        if (exit.isEmpty()) {
            return "javac did not finish within " + COMPILE_SECONDS + " s";
        }
        if (exit.getAsInt() == 0) {
            packClasses();
            return null;
        }
        String output = Files.readString(log, StandardCharsets.UTF_8).replace(sources.toString() + "/", "");
        return output.length() > 8000 ? output.substring(0, 8000) + "\n... (cut)" : output;
    }

    /**
     * The compiled classes and resources go on the runtime classpath as one jar instead of their folder: a JVM caches
     * the classes its nodes load as they start only from a classpath of jars ({@code course.harness.NodeStartCache}).
     * The folder stays, for what reads the submission's classes ({@link ProvidedStorageUse}).
     */
    private void packClasses() throws IOException {
        runtimeClasspath.set(runtimeClasspath.indexOf(classes), jar(classes, lib.resolve("submission-classes.jar")));
    }

    /** The files of {@code folder} in a new jar {@code to}, by their paths relative to the folder. */
    private static Path jar(Path folder, Path to) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(to));
                Stream<Path> walk = Files.walk(folder)) {
            // folders too, as Maven's jars have them: a package is found in a jar by its folder's entry
            for (Path file :
                    (Iterable<Path>) walk.filter(p -> !p.equals(folder)).sorted()::iterator) {
                String name = folder.relativize(file).toString().replace(File.separatorChar, '/');
                boolean isFolder = Files.isDirectory(file);
                out.putNextEntry(new JarEntry(isFolder ? name + "/" : name));
                if (!isFolder) {
                    Files.copy(file, out);
                }
                out.closeEntry();
            }
        }
        return to;
    }

    /** Makes everything readable (and temp writable) for the unprivileged sandbox user. */
    void openForSandbox() throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.setPosixFilePermissions(
                        dir, PosixFilePermissions.fromString(dir.equals(tmp) ? "rwxrwxrwx" : "rwxr-xr-x"));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Copies a jar into the workspace's lib, or packs a module's class folder (a build that did not package it: the
     * grader's own tests) into one, so that the classpath is all jars as in a grade of the packaged course.
     */
    private Path copyArtifact(Path from) throws IOException {
        if (Files.isDirectory(from)) {
            // A class folder is .../<module>/target/classes: named after its module, so two never share a name.
            return jar(
                    from, lib.resolve(from.getParent().getParent().getFileName() + "-" + from.getFileName() + ".jar"));
        }
        Path to = lib.resolve(from.getFileName().toString());
        Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        return to;
    }

    static String join(List<Path> paths) {
        return String.join(
                File.pathSeparator, paths.stream().map(Path::toString).toList());
    }

    @Override
    public void close() {
        try (var walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("grade: could not delete the workspace " + root + ": " + e);
        }
    }
}
