package student;

import course.contract.ServiceConfig;
import java.io.IOException;

/** Hostile submission: reads the hidden tests' sources */
final class Attack {
    static void run(ServiceConfig config) throws IOException {
        java.nio.file.Path target = java.nio.file.Path.of("@@TARGET@@");
        try {
            byte[] stolen = java.nio.file.Files.readAllBytes(target);
            throw new IllegalStateException("HOSTILE-SUCCEEDED: read " + stolen.length + " bytes of " + target);
        } catch (IOException e) {
            throw new IllegalStateException("HOSTILE-CONTAINED: cannot read " + target + ": " + e, e);
        }
    }
}
