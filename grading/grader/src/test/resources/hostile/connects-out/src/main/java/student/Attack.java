package student;

import course.contract.ServiceConfig;
import java.io.IOException;

/** Hostile submission: connects to a port the grading host opened on its loopback */
final class Attack {
    static void run(ServiceConfig config) throws IOException {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress("127.0.0.1", @@PORT@@), 3000);
            s.getOutputStream().write("HOSTILE\n".getBytes());
            throw new IllegalStateException("HOSTILE-SUCCEEDED: connected to port @@PORT@@");
        } catch (IOException e) {
            throw new IllegalStateException("HOSTILE-CONTAINED: cannot connect to port @@PORT@@: " + e, e);
        }
    }
}
