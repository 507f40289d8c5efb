package grading.mutants;

import course.contract.storage.Storage;
import java.io.IOException;
import solutions.stage1.RequestHandler;

/**
 * What a mutant makes of a reference node's entity handler. It gets the node's storage and the reference's own way
 * of building that handler, so it can wrap the reference's handler, build it over a storage it changed, or build
 * none at all, without copying what the reference builds.
 */
@FunctionalInterface
public interface HandlerChange {
    RequestHandler change(Storage storage, Reference reference) throws IOException;

    /** The reference's handler over a storage (in stages 3 to 6 this also opens the node's peer client). */
    @FunctionalInterface
    interface Reference {
        RequestHandler over(Storage storage) throws IOException;
    }
}
