package student;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;

/** Hostile submission: reads the hidden tests' sources */
public final class StudentServiceFactory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Service() {
            @Override
            public void start() throws IOException {
                java.nio.file.Path target = java.nio.file.Path.of("@@TARGET@@");
                try {
                    byte[] stolen = java.nio.file.Files.readAllBytes(target);
                    throw new IllegalStateException("HOSTILE-SUCCEEDED: read " + stolen.length + " bytes of " + target);
                } catch (IOException e) {
                    throw new IllegalStateException("HOSTILE-CONTAINED: cannot read " + target + ": " + e, e);
                }
            }

            @Override
            public void stop() {
            }
        };
    }
}
