package student;

import course.contract.ServiceConfig;
import java.io.IOException;

/** Hostile submission: allocates memory until it cannot (at most 64 GiB) */
final class Attack {
    static void run(ServiceConfig config) throws IOException {
        java.util.List<byte[]> hoard = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 64 * 1024; i++) {
                hoard.add(new byte[1 << 20]);
            }
            throw new IllegalStateException("HOSTILE-SUCCEEDED: allocated 64 GiB");
        } catch (OutOfMemoryError e) {
            int mib = hoard.size();
            hoard.clear();
            throw new IllegalStateException("HOSTILE-CONTAINED: allocated " + mib + " MiB, then: " + e);
        }
    }
}
