package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.Mutant;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage3.Stage3Node;

@Mutant(stage = 3, breaks = "every node serves every key from its own storage: no sharding, no forwarding",
        caughtBy = "course.tests.stage3.EveryNodeServesEveryKeyTest#everyOperationThroughEveryNode(int)")
public final class NoForwarding implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage3Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) {
                return new EntityHandler(storage);
            }
        };
    }
}
