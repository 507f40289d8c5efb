package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.util.Arrays;

@Mutant(stage = 1, breaks = "a table's binary search stops one short of its end (hi = length - 2): the largest key "
        + "of every flushed table is not found",
        caughtBy = "course.hidden.stage1.KeyOrderTest#keysWithHighBytesAndBoundaryKeysAcrossFlushes")
public final class TableSearchOneShort implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return SortedTables.node(config, Arrays::compareUnsigned,
                (table, key) -> SortedTables.binarySearch(table, key, 0, table.length - 2));
    }
}
