package course.profiler;

import java.io.IOException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@link ChildJvm} for a whole test class ({@code @RegisterExtension static final}): started before its first
 * test, killed after its last, so the tests share one warmed-up target instead of each paying a JVM start.
 */
final class OneChildJvm implements BeforeAllCallback, AfterAllCallback {
    private final boolean listenOnPort;
    private ChildJvm child;

    OneChildJvm(boolean listenOnPort) {
        this.listenOnPort = listenOnPort;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        child = ChildJvm.start(listenOnPort);
    }

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        if (child != null) {
            child.close();
        }
    }

    long pid() {
        return child.pid();
    }

    int port() {
        return child.port();
    }
}
