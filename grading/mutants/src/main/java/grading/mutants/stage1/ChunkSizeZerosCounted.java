package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.MutatedFramings;

@Mutant(
        stage = 1,
        sentences = "s1-chunk-size-zeros",
        breaks = "a chunk size may have at most 8 hex digits, leading zeros counted: 000000000a (10) is refused with"
                + " 400 as if it were too large",
        caughtBy = "course.hidden.stage1.ChunkedBodiesTest#aChunkSizeWithLeadingZerosIsReadByItsValue")
public final class ChunkSizeZerosCounted implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.parts(config, parts -> parts.withFraming(MutatedFramings.leadingZerosCounted()));
    }
}
