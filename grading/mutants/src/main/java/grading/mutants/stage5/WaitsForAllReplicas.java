package grading.mutants.stage5;

import grading.mutants.ClientQuery;
import grading.mutants.MiscountedQuorum;
import grading.mutants.Mutant;
import java.util.Map;

@Mutant(
        stage = 5,
        sentences = {"s5-answer-on-completion", "s4-parallel"},
        breaks =
                "the coordinator waits for all from replicas instead of ack: one unreachable replica fails every request",
        caughtBy =
                "course.hidden.stage5.PartitionedReplicaTest#quorumsAnswerWithOneReplicaPartitioned(course.harness.Cluster, course.harness.Seed)")
public final class WaitsForAllReplicas extends MiscountedQuorum {
    @Override
    protected void edit(int method, Map<String, String> params, int clusterSize) {
        String all = String.valueOf(ClientQuery.from(params, clusterSize));
        params.put("from", all);
        params.put("ack", all);
    }
}
