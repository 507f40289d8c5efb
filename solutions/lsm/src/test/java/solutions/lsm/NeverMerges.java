package solutions.lsm;

import java.util.List;

/** A policy that never asks for a background merge: tests that count tables or open files need them to stay put. */
final class NeverMerges extends CompactionPolicy {
    @Override
    List<SsTable> runToMerge(List<SsTable> tablesNewestFirst) {
        return List.of();
    }
}
