package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.nio.charset.StandardCharsets;

@Mutant(
        stage = 1,
        sentences = {"s1-values-bytes", "s1-get"},
        breaks = "values are kept as UTF-8 text, so bytes that are not valid UTF-8 are replaced",
        caughtBy = "course.tests.stage1.EntityProtocolTest#everyByteValueComesBackExactly")
public final class ValuesAsText extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) {
        return ForwardingStorage.withUpsert(
                reference, entry -> entry.isTombstone() ? entry : new Entry(entry.key(), asText(entry.value())));
    }

    /** What is left of the bytes after a trip through a Java string: invalid UTF-8 becomes U+FFFD. */
    private static byte[] asText(byte[] value) {
        return new String(value, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
    }
}
