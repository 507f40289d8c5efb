package solutions.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;

public final class Stage2Factory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage2Node(config);
    }
}
