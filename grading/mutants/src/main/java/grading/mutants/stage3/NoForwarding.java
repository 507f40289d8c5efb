package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import solutions.stage1.EntityHandler;

@Mutant(
        stage = 3,
        sentences = "s3-forwarding",
        breaks = "every node serves every key from its own storage: no sharding, no forwarding",
        caughtBy = "course.tests.stage3.EveryNodeServesEveryKeyTest#everyOperationThroughEveryNode(int)")
public final class NoForwarding implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.handler(this, config, (storage, sharding) -> new EntityHandler(storage));
    }
}
