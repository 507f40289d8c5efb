package solutions.lsm;

import course.contract.storage.Entry;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Merges sorted sources into one sorted stream. Sources are given newest first; when several hold the same key the
 * newest one wins and the others are skipped, and a winning tombstone hides the key unless tombstones are kept.
 * Holds one item per source, so it streams ranges of any size. A range merges whole entries; a compaction merges
 * {@link StoredRecord}s, whose values stay in their files, so that what it holds is one key per table.
 */
final class MergeIterator<T> extends ReadAheadIterator<T> {
    private final PriorityQueue<Head<T>> heads;
    private final Function<T, byte[]> keyOf;
    private final Predicate<T> hidden;

    // Heads are ordered by key and age, never compared with equals or hashed: the record's equals, which would
    // compare the key array by reference, never runs.
    @SuppressWarnings("ArrayRecordComponent")
    private record Head<T>(T item, byte[] key, int age, Iterator<T> rest) {}

    /** Live entries of a range: tombstones hide their keys. */
    static MergeIterator<Entry> ofEntries(List<Iterator<Entry>> newestFirst) {
        return new MergeIterator<>(newestFirst, Entry::key, Entry::isTombstone);
    }

    /** The records of merged tables; tombstones are dropped only when {@code dropTombstones}. */
    static MergeIterator<StoredRecord> ofRecords(List<Iterator<StoredRecord>> newestFirst, boolean dropTombstones) {
        return new MergeIterator<>(newestFirst, StoredRecord::key, r -> dropTombstones && r.isTombstone());
    }

    private MergeIterator(List<Iterator<T>> newestFirst, Function<T, byte[]> keyOf, Predicate<T> hidden) {
        this.keyOf = keyOf;
        this.hidden = hidden;
        this.heads = new PriorityQueue<>(
                Math.max(1, newestFirst.size()),
                Comparator.<Head<T>, byte[]>comparing(Head::key, Entry::compareKeys)
                        .thenComparingInt(Head::age));
        for (int age = 0; age < newestFirst.size(); age++) {
            push(newestFirst.get(age), age);
        }
        start();
    }

    private void push(Iterator<T> source, int age) {
        if (source.hasNext()) {
            T item = source.next();
            heads.add(new Head<>(item, keyOf.apply(item), age, source));
        }
    }

    @Override
    protected T advance() {
        while (!heads.isEmpty()) {
            Head<T> winner = heads.poll();
            push(winner.rest, winner.age);
            while (!heads.isEmpty() && Entry.compareKeys(heads.peek().key, winner.key) == 0) {
                Head<T> shadowed = heads.poll();
                push(shadowed.rest, shadowed.age);
            }
            if (!hidden.test(winner.item)) {
                return winner.item;
            }
        }
        return null;
    }
}
