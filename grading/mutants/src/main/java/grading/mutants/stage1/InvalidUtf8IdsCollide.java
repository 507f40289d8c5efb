package grading.mutants.stage1;

import course.contract.storage.Storage;
import grading.mutants.Mutant;
import java.nio.charset.StandardCharsets;

@Mutant(
        stage = 1,
        sentences = "s1-id-bytes",
        breaks = "the key goes through a Java string: ids that are not UTF-8 (%FF, %FE) all become U+FFFD, one key",
        caughtBy = "course.tests.stage1.RequestFramingTest#idsThatAreNotUtf8AreTheirBytes")
public final class InvalidUtf8IdsCollide extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) {
        return new KeysMapped(
                reference, key -> new String(key, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8));
    }
}
