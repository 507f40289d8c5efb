package student;

import course.contract.NotImplementedException;
import course.contract.Service;
import course.contract.ServiceConfig;
import java.io.IOException;

/**
 * Your node. Stage 1: serve GET/PUT/DELETE /v0/entity?id=<key> with one-nio's HttpServer on config.selfPort(),
 * storing data under config.workingDir() (see stages/1-sync-server/README.md).
 */
public final class StudentService implements Service {
    private final ServiceConfig config;

    public StudentService(ServiceConfig config) {
        this.config = config;
    }

    @Override
    public void start() throws IOException {
        throw new NotImplementedException("StudentService.start(): open storage in " + config.workingDir()
                + " and start an HTTP server on port " + config.selfPort());
    }

    @Override
    public void stop() throws IOException {
        // Nothing started yet; once start() works, stop the server and close storage here.
    }
}
