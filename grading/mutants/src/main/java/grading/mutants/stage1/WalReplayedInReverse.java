package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.Mutant;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

@Mutant(
        stage = 1,
        sentences = "s1-kill9",
        breaks = "a write-ahead log of its own, replayed newest record first after a crash: of a key "
                + "written several times, the oldest value comes back",
        caughtBy = "course.hidden.stage1.CrashRecoveryTest#theLastOfManyOverwritesSurvivesKill9")
public final class WalReplayedInReverse implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        Path log = config.workingDir().resolve("mutant-wal.log");
        return Stage1With.storage(config, storage -> new LoggedMemtable(storage, log));
    }

    /** Writes go to a log and a map; the disk (the reference's storage) gets them only on a clean stop. */
    private static final class LoggedMemtable extends BufferedWrites {
        private final Path file;
        private DataOutputStream log;

        LoggedMemtable(Storage disk, Path file) throws IOException {
            super(disk);
            this.file = file;
            if (Files.exists(file)) {
                List<Entry> records = read(file);
                Collections.reverse(records); // the bug: the newest record first, so older ones overwrite it
                for (Entry e : records) {
                    delegate.upsert(e);
                }
                delegate.flush();
            }
            log = open(file, StandardOpenOption.TRUNCATE_EXISTING);
        }

        private static DataOutputStream open(Path file, StandardOpenOption mode) throws IOException {
            OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, mode);
            return new DataOutputStream(out);
        }

        private static List<Entry> read(Path file) throws IOException {
            List<Entry> records = new ArrayList<>();
            try (InputStream raw = Files.newInputStream(file);
                    DataInputStream in = new DataInputStream(raw)) {
                while (true) {
                    byte[] key = new byte[in.readInt()];
                    in.readFully(key);
                    int length = in.readInt();
                    byte[] value = null;
                    if (length >= 0) {
                        value = new byte[length];
                        in.readFully(value);
                    }
                    records.add(new Entry(key, value));
                }
            } catch (EOFException endOfLog) {
                return records;
            }
        }

        @Override
        public synchronized void upsert(Entry entry) throws IOException {
            log.writeInt(entry.key().length);
            log.write(entry.key());
            log.writeInt(entry.value() == null ? -1 : entry.value().length);
            if (entry.value() != null) {
                log.write(entry.value());
            }
            log.flush(); // in the kernel before the answer: kill -9 loses nothing
            buffer(entry);
        }

        @Override
        public synchronized void flush() throws IOException {
            writeOut();
            delegate.flush();
            log.close();
            log = open(file, StandardOpenOption.TRUNCATE_EXISTING);
        }

        @Override
        public void nodeStopped() throws IOException {
            flush();
            log.close();
        }
    }
}
