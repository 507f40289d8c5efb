package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.util.Arrays;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage1.Stage1Node;

@Mutant(stage = 1, breaks = "a table's binary search stops one short of its end (hi = length - 2): the largest key "
        + "of every flushed table is not found",
        caughtBy = "course.hidden.stage1.KeyOrderTest#keysWithHighBytesAndBoundaryKeysAcrossFlushes")
public final class TableSearchOneShort implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            private SortedTables tables;

            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                tables = new SortedTables(storage, config.workingDir(), Arrays::compareUnsigned) {
                    @Override
                    int search(Entry[] table, byte[] key) {
                        return binarySearch(table, key, 0, table.length - 2);
                    }
                };
                return new EntityHandler(tables);
            }

            @Override
            protected void onStop() throws IOException {
                tables.flush();
            }
        };
    }
}
