package solutions.lsm;

import course.contract.storage.Entry;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Merges sorted sources into one sorted stream of live entries. Sources are given newest first; when several
 * hold the same key the newest one wins and the others are skipped, and a winning tombstone hides the key.
 * Holds one entry per source, so it streams ranges of any size.
 */
final class MergeIterator extends ReadAheadIterator {
    private final PriorityQueue<Head> heads = new PriorityQueue<>();
    private final boolean skipTombstones;

    private record Head(Entry entry, int age, Iterator<Entry> rest) implements Comparable<Head> {
        @Override
        public int compareTo(Head o) {
            int c = Entry.compareKeys(entry.key(), o.entry.key());
            return c != 0 ? c : Integer.compare(age, o.age);
        }
    }

    /** @param newestFirst sorted sources, the newest (highest priority) first */
    MergeIterator(List<Iterator<Entry>> newestFirst, boolean skipTombstones) {
        this.skipTombstones = skipTombstones;
        for (int age = 0; age < newestFirst.size(); age++) {
            push(newestFirst.get(age), age);
        }
        start();
    }

    private void push(Iterator<Entry> source, int age) {
        if (source.hasNext()) {
            heads.add(new Head(source.next(), age, source));
        }
    }

    @Override
    protected Entry advance() {
        while (!heads.isEmpty()) {
            Head winner = heads.poll();
            push(winner.rest, winner.age);
            while (!heads.isEmpty() && Entry.compareKeys(heads.peek().entry.key(), winner.entry.key()) == 0) {
                Head shadowed = heads.poll();
                push(shadowed.rest, shadowed.age);
            }
            if (!(skipTombstones && winner.entry.isTombstone())) {
                return winner.entry;
            }
        }
        return null;
    }
}
