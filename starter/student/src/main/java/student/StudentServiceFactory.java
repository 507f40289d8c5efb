package student;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;

/** Your factory: declared in src/main/resources/submission.properties. Keep the no-argument constructor. */
public final class StudentServiceFactory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new StudentService(config);
    }
}
