package course.harness;

import course.runtime.Launcher;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

/** How to start another JVM with the same JDK and classpath as this one. */
public final class JavaCommand {
    private JavaCommand() {}

    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Flags every course JVM needs ({@link JvmFlags#all}): nodes accept async-profiler attaching at run time
     * (./course profile), exit when their heap is exhausted instead of living on without answering
     * ({@link OutOfMemoryExit}), and on JDK 24+ one-nio's use of sun.misc.Unsafe is allowed without a warning block.
     */
    public static List<String> standardFlags() {
        return JvmFlags.all();
    }

    /**
     * The {@code course.*} system properties of this JVM as {@code -D} flags. Tests configure nodes through them
     * (e.g. {@code course.workers} at stage 2); a node in a JVM of its own must see the same settings as an
     * in-process one, or a test would check a different node than it set up.
     */
    public static List<String> courseProperties() {
        return System.getProperties().stringPropertyNames().stream()
                .filter(name -> name.startsWith("course."))
                .sorted()
                .map(name -> "-D" + name + "=" + System.getProperty(name))
                .toList();
    }

    /**
     * One node's JVM as ./course launch starts it: this JDK and classpath, {@code heap}, the course's flags, then
     * {@code jvmFlags}, then the {@link Launcher} of {@code factory} on {@code port} with {@code dir} for its folder, in
     * {@code cluster}, and {@code more} of its arguments. Tests' process nodes and ./course run start theirs alike.
     */
    public static List<String> node(
            String heap,
            List<String> jvmFlags,
            int port,
            Path dir,
            List<String> cluster,
            String factory,
            String... more) {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx" + heap));
        command.addAll(standardFlags());
        command.addAll(jvmFlags);
        command.addAll(List.of(
                "-cp",
                classpath(),
                Launcher.class.getName(),
                "--port",
                String.valueOf(port),
                "--dir",
                dir.toString(),
                "--cluster",
                String.join(",", cluster),
                "--factory",
                factory));
        command.addAll(List.of(more));
        return command;
    }

    /**
     * This JVM's classpath. Surefire may start tests with a single "manifest-only" jar whose Class-Path attribute
     * holds the real classpath; that jar is unpacked here so child JVMs see the same classes.
     */
    public static String classpath() {
        String cp = System.getProperty("java.class.path");
        String[] parts = cp.split(File.pathSeparator);
        if (parts.length == 1 && parts[0].contains("surefirebooter")) {
            return fromManifest(Path.of(parts[0]));
        }
        return cp;
    }

    private static String fromManifest(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            String classPath = file.getManifest().getMainAttributes().getValue("Class-Path");
            List<String> paths = new ArrayList<>();
            for (String url : classPath.trim().split("\\s+")) {
                paths.add(Path.of(URI.create(url)).toString());
            }
            return String.join(File.pathSeparator, paths);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the classpath from " + jar, e);
        }
    }
}
