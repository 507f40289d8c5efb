package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.nio.charset.StandardCharsets;

@Mutant(
        stage = 1,
        sentences = "s1-id-bytes",
        breaks = "keys are turned into bytes as ISO-8859-1, so different non-Latin keys collide",
        caughtBy = "course.hidden.stage1.ProtocolEdgeCasesTest#nonLatinKeysStayApart")
public final class KeysAsLatin1 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.storage(
                config,
                storage -> new KeysMapped(
                        storage,
                        utf8 -> new String(utf8, StandardCharsets.UTF_8).getBytes(StandardCharsets.ISO_8859_1)));
    }
}
