package student;

import course.contract.ServiceConfig;
import java.io.IOException;

/** Hostile submission: starts processes until it cannot (at most 3000) */
final class Attack {
    static void run(ServiceConfig config) throws IOException {
        java.util.List<Process> children = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 3000; i++) {
                children.add(new ProcessBuilder("sleep", "@@MARKER@@").start());
            }
            throw new IllegalStateException("HOSTILE-SUCCEEDED: started 3000 processes");
        } catch (IOException | OutOfMemoryError e) {
            throw new IllegalStateException("HOSTILE-CONTAINED: started " + children.size()
                    + " processes, then: " + e);
        }
    }
}
