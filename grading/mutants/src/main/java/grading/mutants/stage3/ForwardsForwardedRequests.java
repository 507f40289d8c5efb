package grading.mutants.stage3;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import grading.mutants.HandlerChange;
import grading.mutants.Mutant;
import grading.mutants.NodeHandlerMutant;
import java.io.IOException;
import java.util.Locale;
import one.nio.http.Request;
import solutions.stage1.RequestHandler;
import solutions.stage3.PeerClient;

@Mutant(
        stage = 3,
        sentences = "s3-one-hop",
        breaks = "the mark of a forwarded request only chooses the other nodes' workers: the handler forwards every "
                + "request whose key it does not own, so when two nodes disagree about an owner a request goes round "
                + "until a timeout",
        caughtBy =
                "course.hidden.stage3.MisdirectedForwardTest#aForwardedRequestIsServedWhereItArrivesWhateverThatNodeThinksOfTheOwner")
public final class ForwardsForwardedRequests extends NodeHandlerMutant {
    private static final String MARK = PeerClient.INTERNAL_HEADER.toLowerCase(Locale.ROOT) + ":";

    @Override
    protected RequestHandler handler(ServiceConfig config, Storage storage, HandlerChange.Reference reference)
            throws IOException {
        RequestHandler sharding = reference.over(storage);
        return request -> sharding.handle(unmarked(request));
    }

    /** The request as the handler sees it: without the mark, which the server has already read. */
    private static Request unmarked(Request original) {
        Request copy = new Request(original.getMethod(), original.getURI(), original.isHttp11());
        String[] headers = original.getHeaders();
        for (int i = 0; i < original.getHeaderCount(); i++) {
            if (!headers[i].toLowerCase(Locale.ROOT).startsWith(MARK)) {
                copy.addHeader(headers[i]);
            }
        }
        if (original.getBody() != null) {
            copy.setBody(original.getBody());
        }
        return copy;
    }
}
