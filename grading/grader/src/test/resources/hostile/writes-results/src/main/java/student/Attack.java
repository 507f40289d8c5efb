package student;

import course.contract.ServiceConfig;
import java.io.IOException;

/** Hostile submission: writes the results file */
final class Attack {
    static void run(ServiceConfig config) throws IOException {
        java.nio.file.Path target = java.nio.file.Path.of("@@TARGET@@");
        try {
            java.nio.file.Files.writeString(target, "{\"forged\": true}");
            throw new IllegalStateException("HOSTILE-SUCCEEDED: wrote " + target);
        } catch (IOException e) {
            throw new IllegalStateException("HOSTILE-CONTAINED: cannot write " + target + ": " + e, e);
        }
    }
}
