package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.Mutant;
import java.io.IOException;

@Mutant(
        stage = 1,
        sentences = {"s1-kill9", "c-kill9"},
        breaks = "writes collect in a memtable with no write-ahead log, written to disk only when it "
                + "fills (1 MiB) or on a clean stop: kill -9 loses what was acknowledged",
        caughtBy = "course.tests.stage1.KillDuringWritesTest#acknowledgedWritesSurviveKill9")
public final class NoWriteAheadLog extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) {
        return new Memtable(reference);
    }

    private static final class Memtable extends BufferedWrites {
        private long bytes;

        Memtable(Storage disk) {
            super(disk);
        }

        @Override
        public synchronized void upsert(Entry entry) throws IOException {
            buffer(entry);
            bytes += entry.key().length + (entry.value() == null ? 0 : entry.value().length);
            if (bytes >= MEMTABLE_BYTES) {
                flush();
            }
        }

        @Override
        public synchronized void flush() throws IOException {
            writeOut();
            bytes = 0;
        }
    }

    static final long MEMTABLE_BYTES = 1 << 20;
}
