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
    /** Opens storage and starts serving HTTP on {@link ServiceConfig#selfPort()}; returns once requests are accepted. */
    void start() throws IOException;

    /** Stops serving and closes storage so that nothing acknowledged is lost; idempotent. */
    void stop() throws IOException;
}
