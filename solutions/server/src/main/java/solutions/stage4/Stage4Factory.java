package solutions.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;

public final class Stage4Factory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage4Node(config);
    }
}
