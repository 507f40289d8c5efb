package grading.mutants;

import grading.mutants.stage1.AnyTransferEncodingIsChunked;
import grading.mutants.stage1.BodyLimitDefault64KiB;
import grading.mutants.stage1.BodyLimitOneMebibyte;
import grading.mutants.stage1.CacheSharedByNodes;
import grading.mutants.stage1.ChunkSizeReadLeniently;
import grading.mutants.stage1.ChunkSizeZerosCounted;
import grading.mutants.stage1.ChunkedBodiesOutsideBudget;
import grading.mutants.stage1.ChunkedBodyLimit64KiB;
import grading.mutants.stage1.ChunkedBodyStoredEmpty;
import grading.mutants.stage1.DataOutsideWorkingDir;
import grading.mutants.stage1.DeleteAnswers200;
import grading.mutants.stage1.DeletesOnlyInMemory;
import grading.mutants.stage1.DiskFullIs500;
import grading.mutants.stage1.EmptyValueIs404;
import grading.mutants.stage1.ExpectContinueIgnored;
import grading.mutants.stage1.FailedStartKeepsStorageOpen;
import grading.mutants.stage1.FirstContentLengthWins;
import grading.mutants.stage1.GetReturnsNextKey;
import grading.mutants.stage1.HandlerExceptionClosesTheConnection;
import grading.mutants.stage1.HostHeaderNotChecked;
import grading.mutants.stage1.IdMustBeFirstParameter;
import grading.mutants.stage1.IdleConnectionsNeverClosed;
import grading.mutants.stage1.InvalidUtf8IdsCollide;
import grading.mutants.stage1.KeysAsLatin1;
import grading.mutants.stage1.LogsReplayedNewestFirst;
import grading.mutants.stage1.LongKeysTruncated;
import grading.mutants.stage1.LongLinesAre400;
import grading.mutants.stage1.MalformedIdIs500;
import grading.mutants.stage1.MemtableFlushedWithoutLock;
import grading.mutants.stage1.MergesHoldValues;
import grading.mutants.stage1.MissingIdIs500;
import grading.mutants.stage1.NoAnswerBudget;
import grading.mutants.stage1.NoBodyBudget;
import grading.mutants.stage1.NoConnectionTimeouts;
import grading.mutants.stage1.NoWriteAheadLog;
import grading.mutants.stage1.NodeStartedWhenCreated;
import grading.mutants.stage1.NotRestartable;
import grading.mutants.stage1.OneNioAcceptor;
import grading.mutants.stage1.OnlyHttp10And11Served;
import grading.mutants.stage1.OtherMethodsAre400;
import grading.mutants.stage1.PlusKeptAsPlus;
import grading.mutants.stage1.PortTakenWhenCreated;
import grading.mutants.stage1.PutAnswers200;
import grading.mutants.stage1.RefusalsNotLogged;
import grading.mutants.stage1.RefusedBodyNotDrained;
import grading.mutants.stage1.RestOfReadAfterBodyDropped;
import grading.mutants.stage1.SharesItsPort;
import grading.mutants.stage1.SignedKeyOrder;
import grading.mutants.stage1.StartReturnsBeforeListening;
import grading.mutants.stage1.StopDoesNothing;
import grading.mutants.stage1.StopNotIdempotent;
import grading.mutants.stage1.StopWaitsForClients;
import grading.mutants.stage1.TableSearchOneShort;
import grading.mutants.stage1.TablesNeverMerged;
import grading.mutants.stage1.TargetBytesNotChecked;
import grading.mutants.stage1.TimeoutsReadOncePerJvm;
import grading.mutants.stage1.TombstonesDroppedInPartialMerges;
import grading.mutants.stage1.UnknownMethodIs400;
import grading.mutants.stage1.UnknownPathIs404;
import grading.mutants.stage1.UrlNotDecoded;
import grading.mutants.stage1.ValuesAsText;
import grading.mutants.stage1.WalReplayedInReverse;
import grading.mutants.stage1.WholeDatabaseInHeap;
import grading.mutants.stage2.AnswersCountedOnceQueued;
import grading.mutants.stage2.BadSettingsFallBackToDefaults;
import grading.mutants.stage2.BodiesUncountedOnceQueued;
import grading.mutants.stage2.HalfCloseIgnored;
import grading.mutants.stage2.HandlerDelayIgnored;
import grading.mutants.stage2.LifoIsFifo;
import grading.mutants.stage2.NoDeadline;
import grading.mutants.stage2.OneNioPipeline;
import grading.mutants.stage2.PipelineClosedAt256;
import grading.mutants.stage2.RefusalsOvertakeAnswers;
import grading.mutants.stage2.SettingsReadOncePerJvm;
import grading.mutants.stage2.ShortDefaultDeadline;
import grading.mutants.stage2.StopWorksThroughTheQueue;
import grading.mutants.stage2.UnboundedQueue;
import grading.mutants.stage2.VirtualThreadsIgnored;
import grading.mutants.stage2.WorkerTaskThrows;
import grading.mutants.stage2.WorkersSettingIgnored;
import grading.mutants.stage3.ClosedConnectionsNotRetried;
import grading.mutants.stage3.FindsItselfByPort;
import grading.mutants.stage3.ForgedMarksServedLocally;
import grading.mutants.stage3.ForwardsForwardedRequests;
import grading.mutants.stage3.ForwardsInTheClientLane;
import grading.mutants.stage3.ImpatientPeerCalls;
import grading.mutants.stage3.NoForwarding;
import grading.mutants.stage3.OwnerDownIs500;
import grading.mutants.stage3.PeerBodiesKeptAfterTheCall;
import grading.mutants.stage3.PeerCallsWithoutTimeout;
import grading.mutants.stage3.ScoresByStringHashCode;
import grading.mutants.stage3.TimeoutsNameNoNode;
import grading.mutants.stage3.ValuesCompressed;
import grading.mutants.stage3.WritesLocallyToo;
import grading.mutants.stage4.AckAboveFromClamped;
import grading.mutants.stage4.AckAndFromCheckedFirst;
import grading.mutants.stage4.AckDefaultIsOne;
import grading.mutants.stage4.AnsweredRecordsKept;
import grading.mutants.stage4.CoordinatorAlwaysAReplica;
import grading.mutants.stage4.GetTakesTheFirstAnswer;
import grading.mutants.stage4.InternalRequestsWithoutSecret;
import grading.mutants.stage4.LastArrivalWins;
import grading.mutants.stage4.PutFromDefaultIsAMajority;
import grading.mutants.stage4.ReplicaKeysAsText;
import grading.mutants.stage4.StoresOnOneReplicaTooMany;
import grading.mutants.stage4.TiesBrokenByArrival;
import grading.mutants.stage4.TombstonesWithoutTimestamps;
import grading.mutants.stage4.WriteAcksCountedOneShort;
import grading.mutants.stage5.AsyncHandlerOnTheSelector;
import grading.mutants.stage5.ReplicaAnswersUncounted;
import grading.mutants.stage5.ReplicaCallsWithoutTimeout;
import grading.mutants.stage5.ShortfallWaitsForTheGuard;
import grading.mutants.stage5.WaitsForAllReplicas;
import grading.mutants.stage5.WorkerWaitsForTheQuorum;
import grading.mutants.stage6.EmptyStartIsTheFirstKey;
import grading.mutants.stage6.RangeBuiltInMemory;
import grading.mutants.stage6.RangeEndInclusive;
import grading.mutants.stage6.RangeInOneChunk;
import grading.mutants.stage6.RangeInSignedOrder;
import grading.mutants.stage6.RangeKeysNotEscaped;
import grading.mutants.stage6.RangeShowsDeletedKeys;
import grading.mutants.stage6.RangesMergedAcrossNodes;
import grading.mutants.stage6.StreamsKeptAfterTheClientLeft;
import grading.mutants.stage6.TableLowerBoundNeverPastTheEnd;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The table of every mutant. A new mutant is a class with {@link Mutant} in grading.mutants.stageN, listed here. */
public final class Mutants {
    private static final List<Class<?>> ALL = List.of(
            // stage 1: protocol
            EmptyValueIs404.class,
            DeleteAnswers200.class,
            PutAnswers200.class,
            MissingIdIs500.class,
            UnknownPathIs404.class,
            OtherMethodsAre400.class,
            UrlNotDecoded.class,
            IdMustBeFirstParameter.class,
            BodyLimitDefault64KiB.class,
            BodyLimitOneMebibyte.class,
            ValuesAsText.class,
            KeysAsLatin1.class,
            LongKeysTruncated.class,
            GetReturnsNextKey.class,
            // stage 1: request framing and targets
            ChunkedBodyStoredEmpty.class,
            ChunkedBodyLimit64KiB.class,
            FirstContentLengthWins.class,
            MalformedIdIs500.class,
            InvalidUtf8IdsCollide.class,
            UnknownMethodIs400.class,
            ExpectContinueIgnored.class,
            PlusKeptAsPlus.class,
            TargetBytesNotChecked.class,
            ChunkSizeReadLeniently.class,
            AnyTransferEncodingIsChunked.class,
            LongLinesAre400.class,
            RefusalsNotLogged.class,
            RestOfReadAfterBodyDropped.class,
            HandlerExceptionClosesTheConnection.class,
            RefusedBodyNotDrained.class,
            HostHeaderNotChecked.class,
            OnlyHttp10And11Served.class,
            ChunkSizeZerosCounted.class,
            // stage 1: lifecycle and durability
            NotRestartable.class,
            StopDoesNothing.class,
            StopNotIdempotent.class,
            StartReturnsBeforeListening.class,
            DataOutsideWorkingDir.class,
            NoWriteAheadLog.class,
            DeletesOnlyInMemory.class,
            WholeDatabaseInHeap.class,
            SharesItsPort.class,
            WalReplayedInReverse.class,
            LogsReplayedNewestFirst.class,
            SignedKeyOrder.class,
            TableSearchOneShort.class,
            TombstonesDroppedInPartialMerges.class,
            TablesNeverMerged.class,
            MergesHoldValues.class,
            DiskFullIs500.class,
            // stage 1: the contract's life cycle, threads and nodes of one JVM
            NodeStartedWhenCreated.class,
            PortTakenWhenCreated.class,
            FailedStartKeepsStorageOpen.class,
            StopWaitsForClients.class,
            CacheSharedByNodes.class,
            MemtableFlushedWithoutLock.class,
            // stage 1: memory for request bodies and unsent answers, held connections
            NoBodyBudget.class,
            ChunkedBodiesOutsideBudget.class,
            NoAnswerBudget.class,
            NoConnectionTimeouts.class,
            OneNioAcceptor.class,
            IdleConnectionsNeverClosed.class,
            TimeoutsReadOncePerJvm.class,
            // stage 2: the executor
            UnboundedQueue.class,
            NoDeadline.class,
            PipelineClosedAt256.class,
            LifoIsFifo.class,
            VirtualThreadsIgnored.class,
            BadSettingsFallBackToDefaults.class,
            HalfCloseIgnored.class,
            RefusalsOvertakeAnswers.class,
            OneNioPipeline.class,
            ShortDefaultDeadline.class,
            SettingsReadOncePerJvm.class,
            WorkersSettingIgnored.class,
            HandlerDelayIgnored.class,
            BodiesUncountedOnceQueued.class,
            AnswersCountedOnceQueued.class,
            WorkerTaskThrows.class,
            StopWorksThroughTheQueue.class,
            // stage 3: sharding
            NoForwarding.class,
            WritesLocallyToo.class,
            PeerCallsWithoutTimeout.class,
            TimeoutsNameNoNode.class,
            ForwardsInTheClientLane.class,
            ImpatientPeerCalls.class,
            OwnerDownIs500.class,
            ValuesCompressed.class,
            FindsItselfByPort.class,
            ScoresByStringHashCode.class,
            ForwardsForwardedRequests.class,
            ClosedConnectionsNotRetried.class,
            PeerBodiesKeptAfterTheCall.class,
            ForgedMarksServedLocally.class,
            // stage 4: replication
            AckDefaultIsOne.class,
            StoresOnOneReplicaTooMany.class,
            WriteAcksCountedOneShort.class,
            GetTakesTheFirstAnswer.class,
            TombstonesWithoutTimestamps.class,
            InternalRequestsWithoutSecret.class,
            ReplicaKeysAsText.class,
            LastArrivalWins.class,
            PutFromDefaultIsAMajority.class,
            AckAboveFromClamped.class,
            CoordinatorAlwaysAReplica.class,
            AckAndFromCheckedFirst.class,
            TiesBrokenByArrival.class,
            AnsweredRecordsKept.class,
            // stage 5: asynchronous coordination
            ReplicaAnswersUncounted.class,
            WaitsForAllReplicas.class,
            ReplicaCallsWithoutTimeout.class,
            WorkerWaitsForTheQuorum.class,
            ShortfallWaitsForTheGuard.class,
            AsyncHandlerOnTheSelector.class,
            // stage 6: ranges
            RangeEndInclusive.class,
            RangeShowsDeletedKeys.class,
            RangeBuiltInMemory.class,
            RangeInSignedOrder.class,
            TableLowerBoundNeverPastTheEnd.class,
            EmptyStartIsTheFirstKey.class,
            RangeInOneChunk.class,
            RangeKeysNotEscaped.class,
            RangesMergedAcrossNodes.class,
            StreamsKeptAfterTheClientLeft.class);

    private Mutants() {}

    /** Every mutant, each checked to carry {@link Mutant}, ordered by stage then name. */
    public static List<Entry> all() {
        List<Entry> entries = new ArrayList<>();
        for (Class<?> type : ALL) {
            Mutant m = type.getAnnotation(Mutant.class);
            if (m == null) {
                throw new IllegalStateException(type.getName() + " is listed in Mutants but has no @Mutant");
            }
            entries.add(new Entry(
                    type.getName(), type.getSimpleName(), m.stage(), m.breaks(), m.caughtBy(), List.of(m.sentences())));
        }
        entries.sort(Comparator.comparingInt(Entry::stage).thenComparing(Entry::name));
        return entries;
    }

    /** One mutant: its factory class, what it breaks (in words and as the statement's sentence ids), and the test that must catch it. */
    public record Entry(
            String factory, String name, int stage, String breaks, String caughtBy, List<String> sentences) {
        public String caughtByClass() {
            return caughtBy.contains("#") ? caughtBy.substring(0, caughtBy.indexOf('#')) : caughtBy;
        }

        public String caughtByMethod() {
            if (!caughtBy.contains("#")) {
                return null;
            }
            String method = caughtBy.substring(caughtBy.indexOf('#') + 1);
            return method.contains("(") ? method.substring(0, method.indexOf('(')) : method;
        }

        public boolean caughtByPublicTest() {
            return caughtBy.startsWith("course.tests.");
        }
    }
}
