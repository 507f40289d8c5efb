package grading.mutants.stage4;

import grading.mutants.ClientQuery;
import grading.mutants.MiscountedQuorum;
import grading.mutants.Mutant;
import java.util.Map;

@Mutant(
        stage = 4,
        sentences = "s4-bad-ack-from-400",
        breaks = "an ack larger than from is taken as from (ack = min(ack,"
                + " from)) instead of being refused: ack=3&from=2 is served as ack=2&from=2",
        caughtBy = "course.tests.stage4.ReplicaParametersTest#impossibleOrMalformedAckAndFromAre400")
public final class AckAboveFromClamped extends MiscountedQuorum {
    @Override
    protected void edit(int method, Map<String, String> params, int clusterSize) {
        int from = ClientQuery.from(params, clusterSize);
        int ack = ClientQuery.ack(params, clusterSize);
        if (from >= 1 && from <= clusterSize && ack > from) {
            params.put("ack", String.valueOf(from));
        }
    }
}
