package grading.mutants.stage1;

import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import grading.mutants.Mutant;
import grading.mutants.SortedTables;
import java.io.IOException;
import java.util.Arrays;

@Mutant(
        stage = 1,
        sentences = "c-key-order",
        breaks = "the memtable orders keys as signed bytes (Arrays.compare, ByteBuffer.compareTo) while "
                + "tables are searched as unsigned: after a flush, keys with bytes >= 0x80 are not found",
        caughtBy = "course.hidden.stage1.KeyOrderTest#keysWithHighBytesAndBoundaryKeysAcrossFlushes")
public final class SignedKeyOrder extends EngineMutant {
    @Override
    protected Storage open(StorageConfig storageConfig) throws IOException {
        return new SortedTables(storageConfig.directory(), Arrays::compare);
    }
}
