package grading.mutants.stage1;

import grading.mutants.Mutant;
import solutions.stage1.MutatedFramings;
import solutions.stage1.SessionParts;

@Mutant(
        stage = 1,
        sentences = "s1-chunk-size-zeros",
        breaks = "a chunk size may have at most 8 hex digits, leading zeros counted: 000000000a (10) is refused with"
                + " 400 as if it were too large",
        caughtBy = "course.hidden.stage1.ChunkedBodiesTest#aChunkSizeWithLeadingZerosIsReadByItsValue")
public final class ChunkSizeZerosCounted extends PartsMutant {
    @Override
    protected SessionParts parts(SessionParts reference) {
        return reference.withFraming(MutatedFramings.leadingZerosCounted());
    }
}
