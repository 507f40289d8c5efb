package course.profiler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;

/**
 * The native async-profiler library, taken from the async-profiler jar on the classpath. A JVM can only load a
 * library from a file, so it is copied once into a per-version cache folder (~/.cache/course/async-profiler/VERSION/)
 * and reused from there.
 */
final class AgentLibrary {
    private static final String POM_PROPERTIES = "META-INF/maven/tools.profiler/async-profiler/pom.properties";
    private static final String FILE_NAME = "libasyncProfiler.so";

    private AgentLibrary() {}

    /** The platform folder inside the jar for this machine, or an error naming what is supported. */
    static String platform() throws IOException {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return "macos"; // one universal binary for x64 and arm64
        }
        if (os.contains("linux")) {
            if (arch.equals("amd64") || arch.equals("x86_64")) {
                return "linux-x64";
            }
            if (arch.equals("aarch64") || arch.equals("arm64")) {
                return "linux-arm64";
            }
        }
        throw new IOException("async-profiler from Maven Central has no library for " + os + "/" + arch
                + "; profiling works on Linux x64, Linux arm64 and macOS");
    }

    static boolean isMacOs() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac");
    }

    /** The library's path in the cache, extracted from the jar first if it is missing or differs. */
    static Path extracted() throws IOException {
        String platform = platform();
        byte[] library = resource(platform + "/" + FILE_NAME);
        Path target = cacheRoot().resolve(version()).resolve(platform).resolve(FILE_NAME);
        if (Files.isRegularFile(target) && Arrays.equals(Files.readAllBytes(target), library)) {
            return target;
        }
        // Concurrent extractions each write their own temp file; the atomic rename lets the last one win whole.
        AtomicWrite.write(target, temp -> Files.write(temp, library));
        return target;
    }

    private static Path cacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("course").resolve("async-profiler");
    }

    /** The async-profiler version of the jar on the classpath. */
    static String version() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = AgentLibrary.class.getClassLoader().getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) {
                return "unknown";
            }
            properties.load(in);
        }
        return properties.getProperty("version", "unknown");
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = AgentLibrary.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(
                        "the async-profiler jar (tools.profiler:async-profiler) is not on the classpath or" + " lacks "
                                + name + "; rebuild with ./course build");
            }
            return in.readAllBytes();
        }
    }
}
