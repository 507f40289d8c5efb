package grading.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The public tests of stages 2-6 must tell a stage's concern from its absence: they pass on that stage's reference,
 * and the tests of the new concern fail on the stage-1 reference declared as that stage (a server that ignores
 * the new requirement). Otherwise a student could pass a stage by changing only submission.properties.
 */
class StageTestsNeedTheirStageTest {
    private static final String STAGE1 = "solutions.stage1.Stage1Factory";

    @Test
    void stage2TestsPassOnTheStage2ReferenceAndCatchAServerWithoutAnExecutor() {
        expectAllPass(SuiteRun.of("course.tests.stage2", "solutions.stage2.Stage2Factory", 2));
        expectFailures(SuiteRun.of("course.tests.stage2", STAGE1, 2),
                "aFullQueueIsAnswered503AtOnceAndAcceptedWritesComplete",
                "requestsThatWaitedPastTheDeadlineGet503AndDoNotTouchStorage",
                "aNodeStartedAgainRunsWithTheSettingsOfItsNewStart");
    }

    @Test
    void stage3TestsPassOnTheStage3ReferenceAndCatchAServerWithoutSharding() {
        expectAllPass(SuiteRun.of("course.tests.stage3", "solutions.stage3.Stage3Factory", 3));
        expectFailures(SuiteRun.of("course.tests.stage3", STAGE1, 3),
                "everyOperationThroughEveryNode", "aStoppedNodeTakesDownExactlyItsOwnKeys",
                "tenThousandKeysSpreadEvenly");
    }

    @Test
    void stage4TestsPassOnTheStage4ReferenceAndCatchServersWithoutReplication() {
        expectAllPass(SuiteRun.of("course.tests.stage4", "solutions.stage4.Stage4Factory", 4));
        String[] replication = {"impossibleOrMalformedAckAndFromAre400", "defaultsAreAllNodesAndAMajority",
            "getOneOfTwoSeesPutTwoOfTwoWithEitherReplicaStopped", "staleCopiesLoseToNewerWritesAndDeletes",
            "aPutStoresExactlyFromCopies"};
        expectFailures(SuiteRun.of("course.tests.stage4", STAGE1, 4), replication);
        // Sharding alone (one copy per key, ack and from ignored) is not replication either.
        expectFailures(SuiteRun.of("course.tests.stage4", "solutions.stage3.Stage3Factory", 4), replication);
    }

    @Test
    void stage5TestsPassOnTheStage5ReferenceAndCatchACoordinatorThatWaits() {
        expectAllPass(SuiteRun.of("course.tests.stage5", "solutions.stage5.Stage5Factory", 5));
        // Stage 4's coordinator is correct but parks a worker on every request until ack replicas answered.
        expectFailures(SuiteRun.of("course.tests.stage5", "solutions.stage4.Stage4Factory", 5),
                "noThreadIsParkedOnAReplicaWhileRequestsToASlowOneAreInFlight",
                "requestsWithFastReplicasAreNotQueuedBehindOnesWaitingForASlowReplica");
    }

    @Test
    void stage6TestsPassOnTheStage6ReferenceAndCatchAServerWithoutRanges() {
        expectAllPass(SuiteRun.of("course.tests.stage6", "solutions.stage6.Stage6Factory", 6));
        // (aMissingOrEmptyStartIs400 is left out: a server without ranges answers 400 to every unknown path.)
        expectFailures(SuiteRun.of("course.tests.stage6", "solutions.stage5.Stage5Factory", 6),
                "emptyRangesAre200WithNoEntries", "oneEntryIsOneChunkOfKeyNewlineValue",
                "keysInsertedInReverseComeOutSortedWithTheirValues",
                "deletedKeysAreSkippedAndOverwrittenOnesShowTheirLatestValue",
                "withOneCopyPerKeyTheNodesRangesPartitionTheKeys", "aClientThatDisconnectsHalfwayLeavesTheNodeHealthy",
                "aRangeLargerThanTheHeapStreamsInOneRequest");
    }

    private static void expectAllPass(SuiteRun run) {
        assertTrue(run.started() > 0, "no test ran");
        List<String> failed = run.outcomes().stream().filter(o -> !o.passed())
                .map(o -> o.name() + ": " + o.message()).toList();
        assertEquals(List.of(), failed, "public tests failed on their own stage's reference");
    }

    /** Every named test (each of its parameterized invocations counts) failed at least once. */
    private static void expectFailures(SuiteRun run, String... testMethods) {
        List<String> passedWrongly = new ArrayList<>();
        for (String method : testMethods) {
            List<SuiteRun.Outcome> runs = run.outcomes().stream().filter(o -> o.name().startsWith(method)).toList();
            if (runs.isEmpty()) {
                passedWrongly.add(method + " did not run at all");
            } else if (runs.stream().allMatch(SuiteRun.Outcome::passed)) {
                passedWrongly.add(method + " passed on a reference without the stage's concern");
            }
        }
        assertEquals(List.of(), passedWrongly);
    }
}
