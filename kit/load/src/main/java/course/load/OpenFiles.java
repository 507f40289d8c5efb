package course.load;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * How many files this process may open (ulimit -n): each connection is one. Past it every further connect fails, and
 * a run with more connections than that measured nothing but connect errors, or (at a low rate, whose requests all
 * fell to connections that never opened) nothing at all.
 */
final class OpenFiles {
    /** Files the JVM and the generator hold besides the connections: jars, selectors, the results' files. */
    static final long OWN_USE = 256;

    private OpenFiles() {}

    /** The limit, or {@link Long#MAX_VALUE} where the JVM cannot tell (not a Unix). */
    static long limit() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount()
                : Long.MAX_VALUE;
    }
}
