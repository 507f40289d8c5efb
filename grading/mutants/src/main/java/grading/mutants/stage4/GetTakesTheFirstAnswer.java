package grading.mutants.stage4;

import grading.mutants.ClientQuery;
import grading.mutants.MiscountedQuorum;
import grading.mutants.Mutant;
import java.util.Map;
import one.nio.http.Request;

@Mutant(
        stage = 4,
        sentences = {"s4-newest-wins", "s4-quorum-read-sees-write"},
        breaks = "a GET answers with the first replica's answer instead of the newest of ack answers",
        caughtBy = "course.hidden.stage4.HistoryUnderFaultsTest#acknowledgedWritesAreSeenByLaterQuorumReads")
public final class GetTakesTheFirstAnswer extends MiscountedQuorum {
    @Override
    protected void edit(int method, Map<String, String> params, int clusterSize) {
        if (method == Request.METHOD_GET) {
            params.put("from", String.valueOf(ClientQuery.from(params, clusterSize)));
            params.put("ack", "1");
        }
    }
}
