package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.util.Arrays;

@Mutant(
        stage = 1,
        sentences = "s1-id-bytes",
        breaks = "keys are cut to 255 bytes (a fixed-size key field), so long keys with a common start collide",
        caughtBy = "course.hidden.stage1.ProtocolEdgeCasesTest#aLongKey")
public final class LongKeysTruncated implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.storage(
                config, storage -> new KeysMapped(storage, key -> key.length <= 255 ? key : Arrays.copyOf(key, 255)));
    }
}
