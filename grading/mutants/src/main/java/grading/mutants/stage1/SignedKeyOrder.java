package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.SortedTables;
import java.util.Arrays;

@Mutant(
        stage = 1,
        sentences = "c-key-order",
        breaks = "the memtable orders keys as signed bytes (Arrays.compare, ByteBuffer.compareTo) while "
                + "tables are searched as unsigned: after a flush, keys with bytes >= 0x80 are not found",
        caughtBy = "course.hidden.stage1.KeyOrderTest#keysWithHighBytesAndBoundaryKeysAcrossFlushes")
public final class SignedKeyOrder implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.engine(config, storageConfig -> new SortedTables(storageConfig.directory(), Arrays::compare));
    }
}
