package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import java.io.UncheckedIOException;
import solutions.stage1.Stage1Node;

@Mutant(
        stage = 1,
        sentences = {"s1-start-returns", "c-start-returns"},
        breaks = "start() opens storage and the server in the background and returns at once: "
                + "the first requests find nobody listening",
        caughtBy = "course.tests.stage1.EntityProtocolTest#getOfAnAbsentKeyIs404")
// the mutant: start and stop as a careless subclass writes them.
@SuppressWarnings("UnsynchronizedOverridesSynchronized")
public final class StartReturnsBeforeListening implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            private Thread opening;

            @Override
            public void start() {
                opening = new Thread(
                        () -> {
                            try {
                                Thread.sleep(OPEN_MILLIS); // "opening storage"
                                super.start();
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        },
                        "background-start");
                opening.start();
            }

            @Override
            public void stop() throws IOException {
                // Not synchronized: the opening thread needs the node's lock to finish its start.
                try {
                    if (opening != null) {
                        opening.join();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.stop();
            }
        };
    }

    static final long OPEN_MILLIS = 500;
}
