package grading.mutants.stage4;

import grading.mutants.ClientQuery;
import grading.mutants.MiscountedQuorum;
import grading.mutants.Mutant;
import java.util.Map;
import one.nio.http.Request;

@Mutant(
        stage = 4,
        sentences = "s4-at-most-from",
        breaks = "a write with from below the cluster size is stored on from+1 nodes (over-replication)",
        caughtBy = "course.tests.stage4.NoOverReplicationTest#aPutStoresExactlyFromCopies(int, course.harness.Seed)")
public final class StoresOnOneReplicaTooMany extends MiscountedQuorum {
    @Override
    protected void edit(int method, Map<String, String> params, int clusterSize) {
        int from = ClientQuery.from(params, clusterSize);
        if ((method == Request.METHOD_PUT || method == Request.METHOD_DELETE) && from < clusterSize) {
            params.put("ack", String.valueOf(ClientQuery.ack(params, clusterSize)));
            params.put("from", String.valueOf(from + 1));
        }
    }
}
