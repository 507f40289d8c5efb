package course.contract;

import java.io.IOException;

/**
 * One node of the key-value store.
 *
 * <p>Rules every stage's tests check: {@link #start()} after {@link #stop()} works on the same object (a node
 * restarts with the data it had), {@link #stop()} may be called any number of times, and a node keeps its data only
 * in {@link ServiceConfig#workingDir()}.
 */
public interface Service {
    /**
     * Opens storage and starts serving HTTP on {@link ServiceConfig#selfPort()}; returns once requests are accepted.
     *
     * <p>One port, one node: when another process already listens on the port, start throws an {@link IOException}
     * (a {@link java.net.BindException} is what a server's bind gives) and leaves nothing running. The port is
     * therefore opened without SO_REUSEPORT (one-nio's {@code AcceptorConfig.reusePort}): with it a second node
     * would bind the same port and the kernel would split the clients' connections between the two. Whoever starts
     * nodes ({@link Launcher}, the tests) checks with {@link PortCheck} as well, before and after start.
     */
    void start() throws IOException;

    /** Stops serving and closes storage so that nothing acknowledged is lost; idempotent. */
    void stop() throws IOException;
}
