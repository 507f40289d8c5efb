package course.contract;

import java.io.IOException;

/**
 * One node of the key-value store: the type a student implements (created by their {@link ServiceFactory}).
 *
 * <h2>Life cycle</h2>
 * <a id="c-created-stopped"></a>A node is created stopped. <a id="c-restart-same-object"></a>{@link #start()} makes it
 * serve, {@link #stop()} makes it stop serving, and the two may alternate any number of times <em>on the same
 * object</em>: a node started again after a stop serves the data it acknowledged before (the tests restart the very
 * object they stopped). <a id="c-stop-idempotent"></a>{@link #stop()} on a stopped (or never started) node does
 * nothing. <a id="c-settings-every-start"></a>The settings a stage's statement gives as system properties
 * ({@code course.*}) are read by {@link #start()}, at every start: a node started again runs with the properties as
 * they are then, and nodes of one JVM share no settings read once for all of them (a static initializer).
 *
 * <h2>Threading</h2>
 * {@link #start()} and {@link #stop()} are never called at the same time as each other, but not always from the same
 * thread: the test thread calls both in tests, while in a node of its own ({@code ./course launch}) stop comes from the
 * JVM's shutdown hook or from the thread reading the control channel. <a id="c-concurrent-requests"></a>Requests arrive
 * on threads the node makes itself (its server's selector and worker threads), concurrently with each other and with a
 * {@link #stop()} that may come at any moment: <a id="c-stop-does-not-wait"></a>requests in flight when stop is called
 * may fail, but stop must not wait for clients.
 *
 * <h2>Resources</h2>
 * <a id="c-files-in-working-dir"></a>The node owns everything it opens: its port, its threads, and files only under
 * {@link ServiceConfig#workingDir()} (two nodes of one test run side by side in different directories of one machine,
 * and a new node in an empty directory must know nothing of another's data). <a id="c-stop-releases"></a>When
 * {@link #stop()} returns, the port is closed, the node's threads are ended or ending, and every file is closed with
 * what was acknowledged on disk: a node started again on the same directory, or a new node on it, reads it back.
 * <a id="c-kill9"></a>A JVM killed without {@link #stop()} (kill -9) must still keep every write the node answered 201
 * to.
 *
 * <h2>Errors</h2>
 * <a id="c-failed-start-stopped"></a>Both methods throw {@link IOException} when they cannot do their job, and leave
 * the node stopped: a {@link #start()} that failed halfway closes whatever it had opened.
 * <a id="c-requests-answered"></a>Bad requests never reach these methods: they are answered with a 4xx status by the
 * node itself, and a request the node fails on (its handler threw) is answered 5xx, never by a crashed or silent node
 * nor a closed connection; the connection and every other client go on being served.
 */
public interface Service {
    /**
     * <a id="c-start-returns"></a>Opens storage and starts serving HTTP on {@link ServiceConfig#selfPort()}; returns
     * once requests are accepted.
     *
     * <p><a id="c-one-port"></a><b>One port, one node.</b> When another process (or another node in this JVM) already
     * listens on the port, start throws an {@link IOException} ({@link java.net.BindException} is what a server's bind
     * gives) and leaves nothing running, while the node that holds the port keeps answering every request. The port is
     * therefore opened without SO_REUSEPORT (one-nio's {@code AcceptorConfig.reusePort}): with it a second node would
     * bind the same port and the kernel would split the clients' connections between the two. Whoever starts nodes (the
     * course's launcher, the test harness) checks the port as well, before and after start.
     *
     * @throws IOException the port is taken, or storage cannot be opened in the working directory
     */
    void start() throws IOException;

    /**
     * Stops serving, ends the node's threads and closes storage so that nothing acknowledged is lost; does nothing when
     * the node is not running (idempotent). <a id="c-stopped-silent"></a>A stopped node does not answer on its port.
     *
     * @throws IOException storage could not be closed cleanly (the node is stopped anyway)
     */
    void stop() throws IOException;
}
