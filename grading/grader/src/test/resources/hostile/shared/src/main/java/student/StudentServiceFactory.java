package student;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;

/**
 * The factory of every hostile submission (the grader test copies it next to each one's {@code Attack}): a node whose
 * start() is the attack, so what the attack ran into fails the start and lands in the grade's messages.
 */
public final class StudentServiceFactory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Service() {
            @Override
            public void start() throws IOException {
                Attack.run(config);
            }

            @Override
            public void stop() {
                // the attack leaves nothing to stop
            }
        };
    }
}
