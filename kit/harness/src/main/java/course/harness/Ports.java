package course.harness;

import course.command.CourseCommandLine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Free TCP ports. A port found free can still be taken by someone else before the node binds it; callers therefore
 * retry with new ports when a node reports a bind failure (see {@link Cluster}).
 */
public final class Ports {
    private Ports() {}

    /**
     * {@code java course.harness.Ports N}: prints N free ports on one line, separated by spaces, for scripts (the
     * demo) that start nodes themselves; they retry with new ports when a node exits with the bind-failure code.
     */
    public static void main(String[] args) {
        System.exit(CourseCommandLine.execute(new PortsCommand(), args, System.out, System.err));
    }

    public static List<Integer> free(int count) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            // Holding all sockets open until every port is chosen guarantees the ports differ.
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                socket.setReuseAddress(true);
                held.add(socket);
            }
            return held.stream().map(ServerSocket::getLocalPort).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find free ports", e);
        } finally {
            for (ServerSocket s : held) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing a probe socket cannot lose anything
                }
            }
        }
    }
}
