package student;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;

/** Hostile submission: connects to a port the grading host opened on its loopback */
public final class StudentServiceFactory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Service() {
            @Override
            public void start() throws IOException {
                try (java.net.Socket s = new java.net.Socket()) {
                    s.connect(new java.net.InetSocketAddress("127.0.0.1", @@PORT@@), 3000);
                    s.getOutputStream().write("HOSTILE\n".getBytes());
                    throw new IllegalStateException("HOSTILE-SUCCEEDED: connected to port @@PORT@@");
                } catch (IOException e) {
                    throw new IllegalStateException("HOSTILE-CONTAINED: cannot connect to port @@PORT@@: " + e, e);
                }
            }

            @Override
            public void stop() {
            }
        };
    }
}
