package grading.mutants.stage3;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import grading.mutants.HandlerChange;
import grading.mutants.Mutant;
import grading.mutants.NodeHandlerMutant;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;

@Mutant(
        stage = 3,
        sentences = "s3-forwarding",
        breaks = "every node serves every key from its own storage: no sharding, no forwarding",
        caughtBy = "course.tests.stage3.EveryNodeServesEveryKeyTest#everyOperationThroughEveryNode(int)")
public final class NoForwarding extends NodeHandlerMutant {
    @Override
    protected RequestHandler handler(ServiceConfig config, Storage storage, HandlerChange.Reference sharding) {
        return new EntityHandler(storage);
    }
}
