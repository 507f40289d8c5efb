package bench.server;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import java.util.Iterator;
import java.util.concurrent.ConcurrentSkipListMap;

/** Storage with nothing behind it but a sorted map: the ceiling a server over real storage is compared to. */
final class InMemoryStorage implements Storage {
    private final ConcurrentSkipListMap<byte[], byte[]> map = new ConcurrentSkipListMap<>(Entry::compareKeys);

    @Override
    public byte[] get(byte[] key) {
        return map.get(key);
    }

    @Override
    public Iterator<Entry> range(byte[] from, byte[] to) {
        var view = from == null && to == null
                ? map
                : from == null ? map.headMap(to) : to == null ? map.tailMap(from) : map.subMap(from, to);
        return view.entrySet().stream()
                .map(e -> new Entry(e.getKey(), e.getValue()))
                .iterator();
    }

    @Override
    public void upsert(Entry entry) {
        if (entry.isTombstone()) {
            map.remove(entry.key());
        } else {
            map.put(entry.key(), entry.value());
        }
    }

    @Override
    public void flush() {
        // nothing is on disk
    }

    @Override
    public void compact() {
        // nothing is on disk
    }

    @Override
    public void close() {
        map.clear();
    }
}
