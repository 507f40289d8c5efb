package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import java.util.function.UnaryOperator;

@Mutant(
        stage = 3,
        sentences = {"s3-secret", "c-secret"},
        breaks = "a request marked as another node's is served locally without the cluster's secret: any client "
                + "that sends the mark writes where the owner would not, and skips forwarding",
        caughtBy =
                "course.hidden.stage3.ReplayedWithoutSecretTest#aForwardedRequestReplayedWithoutTheSecretIsRefusedAndStoresNothing")
public final class ForgedMarksServedLocally implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        // each route's handler as it is: no guard checks the secret
        return ReferenceWith.admitting(this, config, UnaryOperator.identity());
    }
}
