package grading.mutants.stage5;

import grading.mutants.Mutant;
import grading.mutants.PeersWaitedForADay;

@Mutant(
        stage = 5,
        sentences = "s5-replica-timeout",
        breaks = "replica requests have no timeout to speak of (a day): a request that needs a replica "
                + "which accepts the connection and never answers is never answered",
        caughtBy =
                "course.hidden.stage3.SilentPeerTest#aSilentPeerCostsATimeoutNeverAHungClient(course.harness.Cluster)")
public final class ReplicaCallsWithoutTimeout extends PeersWaitedForADay {}
