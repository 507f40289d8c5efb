package student;

import course.contract.ServiceConfig;
import java.io.IOException;

/** Hostile submission: writes files until the disk is full (at most 8 GiB) */
final class Attack {
    static void run(ServiceConfig config) throws IOException {
        byte[] chunk = new byte[1 << 20];
        long written = 0;
        try {
            java.nio.file.Files.createDirectories(config.workingDir());
            for (int f = 0; f < 128 && written < (8L << 30); f++) {
                try (var out = java.nio.file.Files.newOutputStream(config.workingDir().resolve("fill-" + f))) {
                    for (int i = 0; i < 64; i++) {
                        out.write(chunk);
                        written += chunk.length;
                    }
                }
            }
            throw new IllegalStateException("HOSTILE-SUCCEEDED: wrote " + (written >> 20) + " MiB");
        } catch (IOException e) {
            throw new IllegalStateException("HOSTILE-CONTAINED: wrote " + (written >> 20) + " MiB, then: " + e);
        }
    }
}
