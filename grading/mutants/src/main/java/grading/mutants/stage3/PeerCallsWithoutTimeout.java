package grading.mutants.stage3;

import grading.mutants.Mutant;
import grading.mutants.PeersWaitedForADay;

@Mutant(
        stage = 3,
        sentences = "s3-silent-owner-504",
        breaks = "forwarded requests have no timeout to speak of (a day): an owner that accepts the "
                + "connection and never answers holds the client's request for good",
        caughtBy =
                "course.hidden.stage3.SilentPeerTest#aSilentPeerCostsATimeoutNeverAHungClient(course.harness.Cluster)")
public final class PeerCallsWithoutTimeout extends PeersWaitedForADay {}
