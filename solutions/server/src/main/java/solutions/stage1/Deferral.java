package solutions.stage1;

import java.util.function.Consumer;
import one.nio.http.Response;

/**
 * How the session waits for an answer that a handler gave before it was known: it does not wait at all until stage 5,
 * where a handler may return an answer still being computed by other nodes.
 */
@FunctionalInterface
public interface Deferral {
    /** Every answer is final as given. */
    Deferral NONE = (response, deliver) -> false;

    /**
     * False when {@code response} is the answer; true when it stands for one to come, which is then given to
     * {@code deliver} exactly once, from whichever thread learns it.
     */
    boolean defer(Response response, Consumer<Response> deliver);
}
