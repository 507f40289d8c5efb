package student;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;

/** Hostile submission: writes the results file */
public final class StudentServiceFactory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Service() {
            @Override
            public void start() throws IOException {
                java.nio.file.Path target = java.nio.file.Path.of("@@TARGET@@");
                try {
                    java.nio.file.Files.writeString(target, "{\"forged\": true}");
                    throw new IllegalStateException("HOSTILE-SUCCEEDED: wrote " + target);
                } catch (IOException e) {
                    throw new IllegalStateException("HOSTILE-CONTAINED: cannot write " + target + ": " + e, e);
                }
            }

            @Override
            public void stop() {
            }
        };
    }
}
