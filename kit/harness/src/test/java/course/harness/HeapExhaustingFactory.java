package course.harness;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A node that starts normally and, once stopped through the control channel, fills its heap on a thread of its
 * own. That thread dies of OutOfMemoryError and the garbage is freed, so without an exit-on-OOM flag the JVM would
 * live on: exactly the quiet failure the harness must make visible.
 */
public final class HeapExhaustingFactory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Service() {
            @Override
            public void start() {
                // listening is not needed: the test only starts and stops this node through its launcher
            }

            @Override
            public void stop() {
                Thread eater = new Thread(
                        () -> {
                            @SuppressWarnings("ModifiedButNotUsed") // filling the heap is its whole use
                            List<long[]> hoard = new ArrayList<>();
                            while (true) {
                                hoard.add(new long[1 << 17]);
                            }
                        },
                        "heap-eater");
                eater.start();
                try {
                    eater.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }
}
