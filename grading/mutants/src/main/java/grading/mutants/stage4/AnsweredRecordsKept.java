package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage4.EncodedRecord;
import solutions.stage4.Quorum;
import solutions.stage4.ReplicaCount;
import solutions.stage4.Stage4Node;

@Mutant(
        stage = 4,
        sentences = "s4-read-memory",
        breaks =
                "a GET's quorum keeps its newest record after the client's answer was made of it: while a replica is"
                        + " silent, its pending call keeps the quorum, and with it every answered value, until the peer timeout",
        caughtBy = "course.hidden.stage4.AnsweredReadsLetGoTest#aCoordinatorKeepsNoAnsweredValueWhileAReplicaIsSilent")
public final class AnsweredRecordsKept implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage4Node(config) {
            @Override
            protected Quorum quorum(ReplicaCount count) {
                return new Quorum(count) {
                    @Override
                    protected synchronized EncodedRecord handOver() {
                        return newest();
                    }
                };
            }
        };
    }
}
