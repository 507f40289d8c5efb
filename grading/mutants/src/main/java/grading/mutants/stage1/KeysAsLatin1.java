package grading.mutants.stage1;

import course.contract.storage.Storage;
import grading.mutants.Mutant;
import java.nio.charset.StandardCharsets;

@Mutant(
        stage = 1,
        sentences = "s1-id-bytes",
        breaks = "keys are turned into bytes as ISO-8859-1, so different non-Latin keys collide",
        caughtBy = "course.hidden.stage1.ProtocolEdgeCasesTest#nonLatinKeysStayApart")
public final class KeysAsLatin1 extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) {
        return new KeysMapped(
                reference, utf8 -> new String(utf8, StandardCharsets.UTF_8).getBytes(StandardCharsets.ISO_8859_1));
    }
}
