package solutions.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;

public final class Stage6Factory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage6Node(config);
    }
}
