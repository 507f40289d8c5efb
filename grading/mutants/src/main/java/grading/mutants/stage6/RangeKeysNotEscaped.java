package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import grading.mutants.Mutant;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import solutions.stage4.Record;

@Mutant(
        stage = 6,
        sentences = "s6-key-escaped",
        breaks = "a key is written into its chunk as it is: a key with a newline byte reads as a shorter key whose"
                + " value starts with the rest of the key",
        caughtBy = "course.tests.stage6.RangeProtocolTest#aKeysPercentAndNewlineBytesAreEscapedSoEveryKeyReadsBack")
public final class RangeKeysNotEscaped implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return RangeReadThrough.eachEntry(config, RangeKeysNotEscaped::rawKey);
    }

    /**
     * An entry whose key has a newline as the key before it, with the rest of the key, a newline and the value as its
     * value: the reference's framing of that entry writes exactly the chunk of a raw key. (Only the newline is
     * emulated: a key's '%' the reference still escapes.)
     */
    private static Entry rawKey(Entry e) {
        Record record = Record.decode(e.value());
        int newline = indexOfNewline(e.key());
        if (record.isTombstone() || newline < 0) {
            return e;
        }
        ByteArrayOutputStream value = new ByteArrayOutputStream();
        value.writeBytes(Arrays.copyOfRange(e.key(), newline + 1, e.key().length));
        value.write('\n');
        value.writeBytes(record.value());
        return new Entry(Arrays.copyOf(e.key(), newline), new Record(record.timestamp(), value.toByteArray()).encode());
    }

    private static int indexOfNewline(byte[] key) {
        for (int i = 0; i < key.length; i++) {
            if (key[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
