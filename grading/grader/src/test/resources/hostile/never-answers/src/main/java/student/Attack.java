package student;

import course.contract.ServiceConfig;
import java.io.IOException;

/** Hostile submission: accepts connections and never answers */
final class Attack {
    static void run(ServiceConfig config) throws IOException {
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
}
