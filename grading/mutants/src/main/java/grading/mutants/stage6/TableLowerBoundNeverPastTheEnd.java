package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import grading.mutants.Mutant;
import grading.mutants.SortedTables;
import java.io.IOException;
import java.util.Arrays;
import solutions.stage6.Stage6Node;

@Mutant(
        stage = 6,
        sentences = {"s6-table-before-start", "c-range"},
        breaks = "a table's lower bound for a range's start searches up to its last entry (hi = length - 1) and never"
                + " says \"past the end\": a start after every key of a flushed table gets that table's last key",
        caughtBy = "course.hidden.stage6.RangeModelTest#aStartPastTheLastKeyOfAFlushedFileTakesNothingFromIt")
public final class TableLowerBoundNeverPastTheEnd implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage6Node(config) {
            @Override
            protected Storage openStorage(StorageConfig storageConfig) throws IOException {
                return new SortedTables(storageConfig.directory(), Arrays::compareUnsigned) {
                    @Override
                    protected int lowerBound(Entry[] table, byte[] key) {
                        // the bug: the answer "none of them" (length) is never reached
                        return lowerBoundBefore(table, key, table.length - 1);
                    }
                };
            }
        };
    }
}
