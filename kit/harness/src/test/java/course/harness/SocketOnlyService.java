package course.harness;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * A node that only listens (no HTTP), for tests of whoever starts nodes: it writes the cluster secret it was given
 * to {@value #SECRET_FILE} in its working directory, and at every start the system property {@value #SETTING} as it
 * reads it then to {@value #SETTING_FILE}, and opens its port with SO_REUSEPORT when told to.
 */
class SocketOnlyService implements Service {
    static final String SECRET_FILE = "secret.txt";
    static final String SETTING = "course.test.setting";
    static final String SETTING_FILE = "setting.txt";

    private final ServiceConfig config;
    private final boolean sharePort;
    private ServerSocketChannel socket;

    SocketOnlyService(ServiceConfig config, boolean sharePort) {
        this.config = config;
        this.sharePort = sharePort;
    }

    @Override
    public synchronized void start() throws IOException {
        if (socket != null) {
            return;
        }
        Files.writeString(config.workingDir().resolve(SECRET_FILE), config.clusterSecret(), StandardCharsets.UTF_8);
        Files.writeString(
                config.workingDir().resolve(SETTING_FILE),
                String.valueOf(System.getProperty(SETTING)),
                StandardCharsets.UTF_8);
        ServerSocketChannel opened = ServerSocketChannel.open();
        try {
            opened.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            if (sharePort) {
                opened.setOption(StandardSocketOptions.SO_REUSEPORT, true);
            }
            opened.bind(new InetSocketAddress(config.selfPort()));
        } catch (IOException e) {
            opened.close();
            throw e;
        }
        socket = opened;
    }

    @Override
    public synchronized void stop() throws IOException {
        if (socket != null) {
            socket.close();
            socket = null;
        }
    }

    /** Listens on its port alone, as a node must. */
    public static final class Exclusive implements ServiceFactory {
        @Override
        public Service create(ServiceConfig config) {
            return new SocketOnlyService(config, false);
        }
    }

    /** Lets a second socket bind its port, as one-nio does with {@code reusePort = true}. */
    public static final class SharesPort implements ServiceFactory {
        @Override
        public Service create(ServiceConfig config) {
            return new SocketOnlyService(config, true);
        }
    }

    /** A factory whose constructor fails: the failure is the submission's own code, and its trace says where. */
    public static final class FailsToConstruct implements ServiceFactory {
        public FailsToConstruct() {
            throw new IllegalStateException("broken on purpose");
        }

        @Override
        public Service create(ServiceConfig config) {
            return new SocketOnlyService(config, false);
        }
    }
}
