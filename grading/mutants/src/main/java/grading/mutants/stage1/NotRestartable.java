package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.stage1.Stage1Node;

@Mutant(stage = 1, breaks = "start() after stop() fails: the node object can run only once",
        caughtBy = "course.tests.stage1.PersistenceTest#dataSurvivesRestartOfTheSameObject")
public final class NotRestartable implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            private boolean used;

            @Override
            public synchronized void start() throws IOException {
                if (used) {
                    throw new IllegalStateException("server already used");
                }
                used = true;
                super.start();
            }
        };
    }
}
