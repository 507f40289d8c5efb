package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import java.io.IOException;
import java.util.function.UnaryOperator;
import solutions.stage1.RequestHandler;
import solutions.stage4.Stage4Node;

/**
 * The stage-4 reference whose replicas see storage through {@code view}: how a mutant breaks what a replica stores
 * or compares (timestamps, tombstones) without copying the replica.
 */
final class ReplicaStorageSeenThrough {
    private ReplicaStorageSeenThrough() {
    }

    static Service node(ServiceConfig config, UnaryOperator<Storage> view) {
        return new Stage4Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                return super.createHandler(view.apply(storage));
            }
        };
    }
}
