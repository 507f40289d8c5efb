package solutions.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;

public final class Stage3Factory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage3Node(config);
    }
}
