package grading.mutants.stage1;

import grading.mutants.Mutant;
import solutions.stage1.BodyFraming;

@Mutant(
        stage = 1,
        sentences = "s1-chunked",
        breaks = "chunked bodies keep one-nio's 64 KiB limit: a streamed value of 1 MiB gets 413",
        caughtBy = "course.hidden.stage1.ChunkedBodiesTest#aOneMebibyteStreamedBodyIsStoredExactly")
public final class ChunkedBodyLimit64KiB extends FramingMutant {
    @Override
    public int maxBodyBytes(BodyFraming framing) {
        return framing.chunked() ? 64 << 10 : super.maxBodyBytes(framing);
    }
}
