package solutions.stage1;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketException;
import java.util.concurrent.atomic.LongAdder;
import one.nio.net.Session;
import one.nio.net.Socket;
import one.nio.server.AcceptorConfig;
import one.nio.server.RejectedSessionException;
import one.nio.server.Server;
import one.nio.server.acceptor.Acceptor;
import one.nio.server.acceptor.AcceptorSupport;

/**
 * The thread that takes new connections off a node's port and hands them to the server's selectors, as one-nio's
 * own acceptor does, except when {@code accept} fails: one-nio's tries again at once, forever, which spins a core
 * while the process is out of file descriptors; this one lets {@link DescriptorShortage} make room, and backs off
 * after any other failure. One listening socket, opened as one-nio opens it ({@link AcceptorSupport}), so the port's
 * rules (no {@code SO_REUSEPORT}) stay those of the configuration.
 */
final class CourseAcceptor implements Acceptor {
    /** How long the acceptor waits after a failure that is neither a shortage nor a client's reset. */
    static final long FAILURE_BACKOFF_MILLIS = 100;

    private final Server server;
    private final AcceptorConfig config;
    private final Socket listening;
    private final DescriptorShortage shortage;
    private final Thread thread;
    private final LongAdder accepted = new LongAdder();
    private final LongAdder rejected = new LongAdder();

    CourseAcceptor(Server server, AcceptorConfig config, DescriptorShortage.Room room) throws IOException {
        this.server = server;
        this.config = config;
        this.listening = AcceptorSupport.createServerSocket(config);
        try {
            listening.bind(config.address, config.port, config.backlog);
        } catch (IOException | RuntimeException e) {
            listening.close();
            throw e;
        }
        this.shortage = new DescriptorShortage(new SpareDescriptor(), room, System::currentTimeMillis);
        this.thread = new Thread(this::acceptUntilClosed, "course acceptor :" + config.port);
    }

    @Override
    public void start() {
        try {
            listening.listen(config.backlog);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on port " + config.port, e);
        }
        thread.start();
    }

    /** The socket listens once {@link #start} returned. */
    @Override
    public void syncStart() {}

    @Override
    public void shutdown() {
        listening.close(); // wakes the thread from accept
        if (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void reconfigure(AcceptorConfig... configs) throws IOException {
        throw new IOException("a course node's acceptor is not reconfigured: stop the server and start a new one");
    }

    @Override
    public long getAcceptedSessions() {
        return accepted.sum();
    }

    @Override
    public long getRejectedSessions() {
        return rejected.sum();
    }

    @Override
    public void resetCounters() {
        accepted.reset();
        rejected.reset();
    }

    @Override
    public int getSinglePort() {
        return config.port;
    }

    private void acceptUntilClosed() {
        try {
            while (listening.isOpen()) {
                Socket client;
                try {
                    client = listening.acceptNonBlocking();
                } catch (IOException e) {
                    if (listening.isOpen()) {
                        failed(e);
                    }
                    continue;
                } catch (RuntimeException e) { // the thread must outlive any failure, or the node takes nobody
                    ConnectionLog.warn("accepting a connection failed: " + e);
                    Thread.sleep(FAILURE_BACKOFF_MILLIS);
                    continue;
                }
                if (client != null) {
                    shortage.accepted();
                    serve(client);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // asked to end: the socket closes with the server
        }
    }

    private void failed(IOException e) throws InterruptedException {
        if (DescriptorShortage.isShortage(e)) {
            try {
                shortage.handle(e, listening);
            } catch (RuntimeException unexpected) { // the thread must outlive any failure, or the node takes nobody
                ConnectionLog.warn("making room for a new connection failed: " + unexpected);
                Thread.sleep(FAILURE_BACKOFF_MILLIS);
            }
        } else if (!(e instanceof SocketException)) { // a reset before accept is the client's doing, not ours
            ConnectionLog.warn(
                    "accepting a connection failed: " + e + "; trying again in " + FAILURE_BACKOFF_MILLIS + " ms");
            Thread.sleep(FAILURE_BACKOFF_MILLIS);
        }
    }

    private void serve(Socket client) {
        try {
            Session session = server.createSession(client);
            server.register(session);
            accepted.increment();
        } catch (RejectedSessionException e) {
            rejected.increment();
            client.close();
        } catch (RuntimeException e) {
            ConnectionLog.warn("could not take a new connection: " + e);
            client.close();
        }
    }
}
