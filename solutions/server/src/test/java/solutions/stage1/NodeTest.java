package solutions.stage1;

import course.contract.Service;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A reference test that talks raw HTTP to a stage-1 node of its own, started before each test on a free port. */
abstract class NodeTest {
    @TempDir
    Path dir;

    Service node;
    int port;

    @BeforeEach
    void startNode() throws IOException {
        port = TestHttp.freePort();
        node = TestHttp.startNode(port, dir);
    }

    @AfterEach
    void stopNode() throws IOException {
        node.stop();
    }
}
