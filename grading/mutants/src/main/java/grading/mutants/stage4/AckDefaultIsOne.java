package grading.mutants.stage4;

import grading.mutants.MiscountedQuorum;
import grading.mutants.Mutant;
import java.util.Map;

@Mutant(
        stage = 4,
        sentences = "s4-ack-default",
        breaks = "without an ack parameter a request needs only one replica's answer, not a majority of from",
        caughtBy = "course.tests.stage4.ReplicaParametersTest#defaultsAreAllNodesAndAMajority")
public final class AckDefaultIsOne extends MiscountedQuorum {
    @Override
    protected void edit(int method, Map<String, String> params, int clusterSize) {
        params.putIfAbsent("ack", "1");
    }
}
