package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.MutatedFramings;

@Mutant(
        stage = 1,
        sentences = "s1-chunk-malformed-400",
        breaks = "a chunk size is read as the hex digits its line starts"
                + " with, the rest taken for an extension: a size that is not hexadecimal reads as 0, the last chunk, and an"
                + " empty value is stored",
        caughtBy = "course.hidden.stage1.ChunkedBodiesTest#aMalformedChunkSizeIs400AndNothingIsStored")
public final class ChunkSizeReadLeniently implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.parts(config, parts -> parts.withFraming(MutatedFramings.lenientChunkSizes()));
    }
}
