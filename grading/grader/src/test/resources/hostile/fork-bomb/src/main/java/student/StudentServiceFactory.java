package student;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;

/** Hostile submission: starts processes until it cannot (at most 3000) */
public final class StudentServiceFactory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Service() {
            @Override
            public void start() throws IOException {
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

            @Override
            public void stop() {
            }
        };
    }
}
