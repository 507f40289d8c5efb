package grading.mutants.stage4;

import grading.mutants.MiscountedQuorum;
import grading.mutants.Mutant;
import java.util.Map;
import one.nio.http.Request;

@Mutant(
        stage = 4,
        sentences = "s4-from-default",
        breaks = "without a from parameter a PUT is stored on a majority of the nodes, not on every node",
        caughtBy = "course.tests.stage4.ReplicaParametersTest#defaultsAreAllNodesAndAMajority")
public final class PutFromDefaultIsAMajority extends MiscountedQuorum {
    @Override
    protected void edit(int method, Map<String, String> params, int clusterSize) {
        if (method == Request.METHOD_PUT) {
            params.putIfAbsent("from", String.valueOf(clusterSize / 2 + 1));
        }
    }
}
