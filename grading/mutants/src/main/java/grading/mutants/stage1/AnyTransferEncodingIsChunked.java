package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Request;
import solutions.stage1.BodyFraming;
import solutions.stage1.Refusal;

@Mutant(
        stage = 1,
        sentences = "s1-transfer-encoding-501",
        breaks = "any Transfer-Encoding is read as chunked: a gzip body"
                + " is stored as its chunks' raw bytes instead of being refused with 501",
        caughtBy = "course.tests.stage1.RequestFramingTest#aTransferEncodingOtherThanChunkedIs501AndNothingIsStored")
public final class AnyTransferEncodingIsChunked extends FramingMutant {
    @Override
    public BodyFraming bodyOf(Request request) throws Refusal {
        try {
            return super.bodyOf(request);
        } catch (Refusal r) {
            if (r.status().startsWith("501")) {
                return new BodyFraming(true, null); // "there is a Transfer-Encoding, so it is chunked"
            }
            throw r;
        }
    }
}
