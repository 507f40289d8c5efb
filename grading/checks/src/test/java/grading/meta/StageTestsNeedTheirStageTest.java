package grading.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The public tests of stages 2-6 must tell a stage's concern from its absence: the tests of the new concern fail on
 * an earlier stage's reference declared as that stage (a server that ignores the new requirement). Otherwise a
 * student could pass a stage by changing only submission.properties. That they pass on the stage's own reference is
 * {@code solutions.ReferencesPassThePublicTestsTest}'s check (solutions/server), which runs them once per reference.
 */
class StageTestsNeedTheirStageTest {
    private static final String STAGE1 = "solutions.stage1.Stage1Factory";

    @Test
    void stage2TestsCatchAServerWithoutAnExecutor() {
        expectFailures(
                SuiteRun.of("course.tests.stage2", STAGE1, 2),
                "aFullQueueIsAnswered503AtOnceAndAcceptedWritesComplete",
                "requestsThatWaitedPastTheDeadlineGet503AndDoNotTouchStorage",
                "aNodeStartedAgainRunsWithTheSettingsOfItsNewStart");
    }

    @Test
    void stage3TestsCatchAServerWithoutSharding() {
        expectFailures(
                SuiteRun.of("course.tests.stage3", STAGE1, 3),
                "everyOperationThroughEveryNode",
                "aStoppedNodeTakesDownExactlyItsOwnKeys",
                "tenThousandKeysSpreadEvenly");
    }

    @Test
    void stage4TestsCatchServersWithoutReplication() {
        String[] replication = {
            "impossibleOrMalformedAckAndFromAre400",
            "defaultsAreAllNodesAndAMajority",
            "getOneOfTwoSeesPutTwoOfTwoWithEitherReplicaStopped",
            "staleCopiesLoseToNewerWritesAndDeletes",
            "aPutStoresExactlyFromCopies"
        };
        expectFailures(SuiteRun.of("course.tests.stage4", STAGE1, 4), replication);
        // Sharding alone (one copy per key, ack and from ignored) is not replication either.
        expectFailures(SuiteRun.of("course.tests.stage4", "solutions.stage3.Stage3Factory", 4), replication);
    }

    @Test
    void stage5TestsCatchACoordinatorThatWaits() {
        // Stage 4's coordinator is correct but parks a worker on every request until ack replicas answered.
        expectFailures(
                SuiteRun.of("course.tests.stage5", "solutions.stage4.Stage4Factory", 5),
                "noThreadIsParkedOnAReplicaWhileRequestsToASlowOneAreInFlight",
                "requestsWithFastReplicasAreNotQueuedBehindOnesWaitingForASlowReplica");
    }

    @Test
    void stage6TestsCatchAServerWithoutRanges() {
        // (aMissingOrEmptyStartIs400 is left out: a server without ranges answers 400 to every unknown path.)
        expectFailures(
                SuiteRun.of("course.tests.stage6", "solutions.stage5.Stage5Factory", 6),
                "emptyRangesAre200WithNoEntries",
                "oneEntryIsOneChunkOfKeyNewlineValue",
                "keysInsertedInReverseComeOutSortedWithTheirValues",
                "deletedKeysAreSkippedAndOverwrittenOnesShowTheirLatestValue",
                "withOneCopyPerKeyTheNodesRangesPartitionTheKeys",
                "aClientThatDisconnectsHalfwayLeavesTheNodeHealthy",
                "aRangeLargerThanTheHeapStreamsInOneRequest");
    }

    /** Every named test (each of its parameterized invocations counts) failed at least once. */
    private static void expectFailures(SuiteRun run, String... testMethods) {
        List<String> passedWrongly = new ArrayList<>();
        for (String method : testMethods) {
            List<SuiteRun.Outcome> runs = run.outcomes().stream()
                    .filter(o -> o.name().startsWith(method))
                    .toList();
            if (runs.isEmpty()) {
                passedWrongly.add(method + " did not run at all");
            } else if (runs.stream().allMatch(SuiteRun.Outcome::passed)) {
                passedWrongly.add(method + " passed on a reference without the stage's concern");
            }
        }
        assertEquals(List.of(), passedWrongly);
    }
}
