package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.nio.ByteBuffer;
import solutions.stage1.RequestHandler;
import solutions.stage4.Stage4Node;
import solutions.stage4.Timestamps;

@Mutant(
        stage = 4,
        sentences = "s4-ties",
        breaks = "a replica keeps the write that arrives last when two timestamps are equal (>= where > belongs), and"
                + " timestamps come from a millisecond clock: writes of one key through two nodes in the same"
                + " millisecond reach the replicas in different orders and leave them disagreeing",
        caughtBy =
                "course.hidden.stage4.SimultaneousWritesTest#writesOfOneKeyThroughEveryNodeAtOnceLeaveTheReplicasAgreeing")
public final class TiesBrokenByArrival implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        // A clock that repeats: every write through any node within one millisecond gets the same microsecond
        // (the reference's strictly increasing step still keeps one node's own writes apart).
        Timestamps millis = new Timestamps(() -> System.currentTimeMillis() * 1000);
        return new Stage4Node(config, millis) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                // The replica compares a write with its record made one microsecond older: a tie goes to the write.
                return super.createHandler(ForwardingStorage.withGet(storage, (stored, key) -> {
                    byte[] record = stored.get(key);
                    return record != null && calledFromReplicaWrite() ? olderByOne(record) : record;
                }));
            }
        };
    }

    /** The record with its timestamp (the first 8 bytes, {@code solutions.stage4.Record}) one smaller. */
    private static byte[] olderByOne(byte[] record) {
        byte[] older = record.clone();
        ByteBuffer.wrap(older).putLong(0, ByteBuffer.wrap(record).getLong(0) - 1);
        return older;
    }

    private static boolean calledFromReplicaWrite() {
        return StackWalker.getInstance()
                .walk(frames -> frames.limit(10)
                        .anyMatch(f -> f.getClassName().equals("solutions.stage4.LocalReplica")
                                && f.getMethodName().equals("write")));
    }
}
