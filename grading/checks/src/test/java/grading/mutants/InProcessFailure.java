package grading.mutants;

import course.harness.InProcessSuite;

/**
 * A failed test of a reference or a correct variant, as its check reports it: the whole assertion message (a
 * protocol assertion says on its second line what the node answered), where the outcome keeps the first line only.
 * The suite once showed "PUT http://localhost:34491/v0/entity?id=fresh-2 (16777216-byte body) to node 0" and no
 * more, twice in a run, and the failure could not be told from a timeout.
 */
final class InProcessFailure {
    private InProcessFailure() {}

    static String whole(InProcessSuite.Outcome o) {
        return o.cause() != null && o.cause().getMessage() != null ? o.cause().getMessage() : o.message();
    }
}
