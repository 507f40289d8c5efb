package solutions.stage5;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;

public final class Stage5Factory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage5Node(config);
    }
}
