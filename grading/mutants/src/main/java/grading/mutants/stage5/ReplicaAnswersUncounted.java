package grading.mutants.stage5;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.ByteBudget;
import solutions.stage5.Stage5Node;

@Mutant(
        stage = 5,
        sentences = "s4-read-memory",
        breaks = "the replicas' answers to a GET are not counted in the budget for answers: 48 clients that never read "
                + "a 16 MiB value, through one node, make it hold their quorums' copies until it dies",
        caughtBy = "course.hidden.stage4.ReplicatedSlowReadersTest#"
                + "fortyEightClientsThatNeverReadASixteenMebibyteAnswerLeaveTheCoordinatorServing")
public final class ReplicaAnswersUncounted implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage5Node(config) {
            @Override
            protected ByteBudget replicaAnswers() {
                return ByteBudget.unlimited("replica answers");
            }
        };
    }
}
