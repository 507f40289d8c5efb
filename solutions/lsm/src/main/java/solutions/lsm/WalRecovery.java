package solutions.lsm;

import course.contract.storage.Entry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Replays a write-ahead log into a memtable. A damaged record at the very end of the log is what a crash in the
 * middle of a write leaves behind: it was never acknowledged, so it is skipped with a warning. A damaged record
 * followed by more data means the log itself is corrupt, which is an error naming the file: dropping the
 * records after it silently would lose acknowledged writes.
 */
final class WalRecovery {
    private static final System.Logger LOG = System.getLogger(WalRecovery.class.getName());

    private WalRecovery() {}

    /** Returns the number of records replayed. */
    static long replay(Path path, MemTable into) throws IOException {
        ByteBuffer log;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > Integer.MAX_VALUE - 16) {
                throw new IOException("write-ahead log " + path.toAbsolutePath() + " is " + size
                        + " bytes, larger than any memtable this engine writes; it is not one of its logs");
            }
            log = ByteBuffer.allocate((int) size);
            while (log.hasRemaining() && channel.read(log) >= 0) {
                // read the whole log; it is at most one memtable's worth
            }
            log.flip();
        }
        byte[] bytes = log.array();
        int limit = log.limit();
        int pos = 0;
        long records = 0;
        while (pos < limit) {
            if (limit - pos < WriteAheadLog.HEADER_BYTES) {
                return tornTail(path, pos, limit, bytes, records);
            }
            int bodyLength = log.getInt(pos);
            int bodyCrc = log.getInt(pos + 4);
            int headerCrc = log.getInt(pos + 8);
            if (headerCrc != WriteAheadLog.checksum(bytes, pos, 8) || bodyLength < 8) {
                return tornTail(path, pos, limit, bytes, records);
            }
            int bodyStart = pos + WriteAheadLog.HEADER_BYTES;
            if ((long) bodyStart + bodyLength > limit) {
                warn(path, pos, "the last record is cut short by " + (bodyStart + bodyLength - limit) + " bytes");
                return records;
            }
            if (bodyCrc != WriteAheadLog.checksum(bytes, bodyStart, bodyLength)) {
                if (bodyStart + bodyLength == limit) {
                    warn(path, pos, "the last record fails its checksum");
                    return records;
                }
                throw corrupt(path, pos, "a record fails its checksum and more records follow it");
            }
            into.put(decode(path, pos, log, bodyStart, bodyLength));
            records++;
            pos = bodyStart + bodyLength;
        }
        return records;
    }

    private static Entry decode(Path path, int recordPos, ByteBuffer log, int bodyStart, int bodyLength)
            throws IOException {
        int keyLength = log.getInt(bodyStart);
        int valueLength = log.getInt(bodyStart + 4);
        int expected = 8 + keyLength + Math.max(valueLength, 0);
        if (keyLength < 0 || valueLength < SsTableFormat.TOMBSTONE_LENGTH || expected != bodyLength) {
            throw corrupt(path, recordPos, "a record's lengths do not add up although its checksum matches");
        }
        byte[] key = new byte[keyLength];
        log.get(bodyStart + 8, key);
        if (valueLength == SsTableFormat.TOMBSTONE_LENGTH) {
            return Entry.tombstone(key);
        }
        byte[] value = new byte[valueLength];
        log.get(bodyStart + 8 + keyLength, value);
        return new Entry(key, value);
    }

    /** A bad header is a torn tail only if nothing but zeros (unwritten space) follows it. */
    private static long tornTail(Path path, int pos, int limit, byte[] bytes, long records) throws IOException {
        boolean shortHeader = limit - pos < WriteAheadLog.HEADER_BYTES;
        if (!shortHeader) {
            for (int i = pos + WriteAheadLog.HEADER_BYTES; i < limit; i++) {
                if (bytes[i] != 0) {
                    throw corrupt(path, pos, "a record header fails its checksum and data follows it");
                }
            }
        }
        warn(path, pos, "the last record " + (shortHeader ? "has an incomplete header" : "has a damaged header"));
        return records;
    }

    private static void warn(Path path, int pos, String what) {
        LOG.log(
                System.Logger.Level.WARNING,
                "write-ahead log " + path.toAbsolutePath() + " at byte " + pos + ": " + what
                        + "; it was never acknowledged (the process stopped while writing it) and is ignored");
    }

    private static IOException corrupt(Path path, int pos, String what) {
        return new IOException("corrupt write-ahead log " + path.toAbsolutePath() + " at byte " + pos + ": " + what
                + "; acknowledged writes after this point cannot be recovered automatically. Restore the file from a"
                + " backup, or truncate it to " + pos + " bytes to accept losing them");
    }
}
