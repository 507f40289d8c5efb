package grading.mutants.stage1;

import course.contract.storage.Storage;
import grading.mutants.Mutant;
import java.util.Arrays;

@Mutant(
        stage = 1,
        sentences = "s1-id-bytes",
        breaks = "keys are cut to 255 bytes (a fixed-size key field), so long keys with a common start collide",
        caughtBy = "course.hidden.stage1.ProtocolEdgeCasesTest#aLongKey")
public final class LongKeysTruncated extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) {
        return new KeysMapped(reference, key -> key.length <= 255 ? key : Arrays.copyOf(key, 255));
    }
}
