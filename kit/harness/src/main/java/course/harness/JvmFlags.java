package course.harness;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The JVM flags of the course, read from their one source: {@code jvm-flags.properties} at the repository's root
 * (which says why each is there), packed into this module by the build; the shell ({@code scripts/lib.sh}) and the
 * Maven build read the same file.
 */
public final class JvmFlags {
    static final String RESOURCE = "course/harness/jvm-flags.properties";
    /** JDK 24 is the first to warn about (and so to know the flags that silence) sun.misc.Unsafe and native code. */
    static final int JDK24 = 24;

    private JvmFlags() {}

    /** Every flag a JVM running course code gets on this JDK: {@code course.jvm.all} and the JDK's own. */
    public static List<String> all() {
        List<String> flags = new ArrayList<>(words("course.jvm.all"));
        flags.addAll(forThisJdk());
        return flags;
    }

    /** Only the flags this JDK needs ({@code course.jvm.jdk24} on JDK 24+, else none): for JVMs that run tests. */
    public static List<String> forThisJdk() {
        return Runtime.version().feature() >= JDK24 ? words("course.jvm.jdk24") : List.of();
    }

    static List<String> words(String key) {
        Properties p = new Properties();
        try (InputStream in = JvmFlags.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        RESOURCE + " is not on the classpath; rebuild kit-harness" + " (./course build)");
            }
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
        String value = p.getProperty(key);
        if (value == null) {
            throw new IllegalStateException(RESOURCE + " has no " + key + " line");
        }
        return Arrays.stream(value.trim().split("\\s+"))
                .filter(w -> !w.isEmpty())
                .toList();
    }
}
