package solutions.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;

public final class Stage1Factory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config);
    }
}
