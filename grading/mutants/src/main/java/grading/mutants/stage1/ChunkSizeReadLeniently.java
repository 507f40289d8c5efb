package grading.mutants.stage1;

import grading.mutants.Mutant;
import solutions.stage1.MutatedFramings;
import solutions.stage1.SessionParts;

@Mutant(
        stage = 1,
        sentences = "s1-chunk-malformed-400",
        breaks = "a chunk size is read as the hex digits its line starts"
                + " with, the rest taken for an extension: a size that is not hexadecimal reads as 0, the last chunk, and an"
                + " empty value is stored",
        caughtBy = "course.hidden.stage1.ChunkedBodiesTest#aMalformedChunkSizeIs400AndNothingIsStored")
public final class ChunkSizeReadLeniently extends PartsMutant {
    @Override
    protected SessionParts parts(SessionParts reference) {
        return reference.withFraming(MutatedFramings.lenientChunkSizes());
    }
}
