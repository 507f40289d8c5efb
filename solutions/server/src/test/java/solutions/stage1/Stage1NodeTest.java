package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;

import course.contract.Service;
import course.contract.ServiceConfig;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The statement's "start() throws when the port is taken and leaves nothing running", storage included. */
class Stage1NodeTest {
    @TempDir
    Path dir;

    @Test
    void aStartThatFailsOnATakenPortReleasesTheStorageForTheNextNode() throws IOException {
        try (ServerSocket taken = new ServerSocket(0)) {
            Service first = new Stage1Factory().create(ServiceConfig.single(taken.getLocalPort(), dir));
            assertThrows(IOException.class, first::start);
        }
        // The directory's lock must have been released with the storage: a node on a free port opens it at once.
        int port = TestHttp.freePort();
        Service second = TestHttp.startNode(port, dir);
        try (Socket s = connect(port)) {
            s.getOutputStream().write(ascii("GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n\r\n"));
            assertEquals(404, TestHttp.Answer.read(s.getInputStream()).status());
        } finally {
            second.stop();
        }
    }
}
