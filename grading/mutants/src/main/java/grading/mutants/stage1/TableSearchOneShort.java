package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import grading.mutants.Mutant;
import grading.mutants.SortedTables;
import java.io.IOException;
import java.util.Arrays;

@Mutant(
        stage = 1,
        sentences = "c-get-live-value",
        breaks = "a table's binary search stops one short of its end (hi = length - 2): the largest key "
                + "of every flushed table is not found",
        caughtBy = "course.hidden.stage1.KeyOrderTest#keysWithHighBytesAndBoundaryKeysAcrossFlushes")
public final class TableSearchOneShort extends EngineMutant {
    @Override
    protected Storage open(StorageConfig storageConfig) throws IOException {
        return new SortedTables(storageConfig.directory(), Arrays::compareUnsigned) {
            @Override
            protected int search(Entry[] table, byte[] key) {
                return binarySearch(table, key, 0, table.length - 2);
            }
        };
    }
}
