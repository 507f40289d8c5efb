package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.ClientQuery;
import grading.mutants.Mutant;
import one.nio.http.Request;

@Mutant(
        stage = 6,
        sentences = "s6-bad-range-400",
        breaks = "only a missing start is refused: an empty start is read as"
                + " the smallest key, so ?start= streams every entry of the node",
        caughtBy = "course.tests.stage6.RangeProtocolTest#aMissingOrEmptyStartIs400")
public final class EmptyStartIsTheFirstKey implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return RangeReadThrough.rangeHandler(
                config, reference -> request -> reference.handle(emptyStartAsFirstKey(request)));
    }

    /** {@code start=} (empty) as {@code start=%00}: no key is smaller than the one byte 0, since ids are not empty. */
    private static Request emptyStartAsFirstKey(Request request) {
        String uri = request.getURI();
        String fixed = uri.replaceFirst("([?&])start=(&|$)", "$1start=%00$2");
        return fixed.equals(uri) ? request : ClientQuery.withUri(request, fixed);
    }
}
