package course.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.List;

/** Checks before a run that every target accepts connections, so a typo or a stopped server fails at once. */
final class Reachability {
    private static final int CONNECT_TIMEOUT_MS = 2000;

    private Reachability() {}

    /** The problem with the first unreachable target, or {@code null} when all accept a connection. */
    static String problem(List<Target> targets) {
        for (Target t : targets) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(t.host(), t.port()), CONNECT_TIMEOUT_MS);
            } catch (UnknownHostException e) {
                return "cannot resolve host '" + t.host() + "' of " + t.url() + "; check --url";
            } catch (IOException e) {
                return "cannot connect to " + t.url() + " (" + e.getMessage() + "): is the server running?"
                        + " Start it first (e.g. ./course run) or fix --url";
            }
        }
        return null;
    }
}
