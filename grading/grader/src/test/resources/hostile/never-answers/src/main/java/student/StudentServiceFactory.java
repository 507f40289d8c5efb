package student;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;

/** Hostile submission: accepts connections and never answers */
public final class StudentServiceFactory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Service() {
            @Override
            public void start() throws IOException {
                java.net.ServerSocket server = new java.net.ServerSocket(config.selfPort());
                Thread acceptor = new Thread(() -> {
                    java.util.List<java.net.Socket> held = new java.util.ArrayList<>();
                    try {
                        while (true) {
                            held.add(server.accept());
                        }
                    } catch (IOException ignored) {
                        // closed
                    }
                });
                acceptor.setDaemon(true);
                acceptor.start();
            }

            @Override
            public void stop() {
            }
        };
    }
}
