package student;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;

/** Hostile submission: allocates memory until it cannot (at most 64 GiB) */
public final class StudentServiceFactory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Service() {
            @Override
            public void start() throws IOException {
                java.util.List<byte[]> hoard = new java.util.ArrayList<>();
                try {
                    for (int i = 0; i < 64 * 1024; i++) {
                        hoard.add(new byte[1 << 20]);
                    }
                    throw new IllegalStateException("HOSTILE-SUCCEEDED: allocated 64 GiB");
                } catch (OutOfMemoryError e) {
                    int mib = hoard.size();
                    hoard.clear();
                    throw new IllegalStateException("HOSTILE-CONTAINED: allocated " + mib + " MiB, then: " + e);
                }
            }

            @Override
            public void stop() {
            }
        };
    }
}
