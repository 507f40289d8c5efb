package grading.mutants;

import java.time.Duration;

/**
 * The stage-3 or stage-5 reference (the stage its {@link Mutant} names) whose calls to other nodes time out only
 * after a day: one bug, a peer client without a timeout, that a peer which accepts connections and never answers
 * exposes in both stages (stage 3 forwards to it, stage 5 waits for it as a replica, asynchronously).
 */
public abstract class PeersWaitedForADay extends PeerTimeoutMutant {
    @Override
    protected final Duration peerTimeout() {
        return Duration.ofDays(1);
    }
}
