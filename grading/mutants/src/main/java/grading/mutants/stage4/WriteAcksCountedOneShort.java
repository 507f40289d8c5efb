package grading.mutants.stage4;

import grading.mutants.ClientQuery;
import grading.mutants.MiscountedQuorum;
import grading.mutants.Mutant;
import java.util.Map;
import one.nio.http.Request;

@Mutant(
        stage = 4,
        sentences = {"s4-answers", "s4-too-few-504"},
        breaks = "a write counts one replica answer too many (the coordinator counts itself twice): it succeeds with"
                + " ack-1 replicas",
        caughtBy = "course.hidden.stage4.FiveNodeAckFromTest#everyPairWorksAndOneStoppedNodeCostsExactlyOneReplica")
public final class WriteAcksCountedOneShort extends MiscountedQuorum {
    @Override
    protected void edit(int method, Map<String, String> params, int clusterSize) {
        if (method == Request.METHOD_PUT || method == Request.METHOD_DELETE) {
            params.put("ack", String.valueOf(Math.max(1, ClientQuery.ack(params, clusterSize) - 1)));
        }
    }
}
