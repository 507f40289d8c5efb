package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.LargeBodySession;
import solutions.stage1.Routes;
import solutions.stage1.Stage1Node;
import solutions.stage1.SyncHttpServer;

@Mutant(stage = 1, breaks = "bodies with a Content-Length are reserved in the byte budget, chunked bodies are not: a"
        + " burst of streamed PUTs fills the heap",
        caughtBy = "course.hidden.stage1.LargeValueBurstTest#burstOfChunkedPutsIsAnsweredAndTheNodeSurvives")
public final class ChunkedBodiesOutsideBudget implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                return new SyncHttpServer(config.selfPort(), routes) {
                    @Override
                    public HttpSession createSession(Socket socket) {
                        return new LargeBodySession(socket, this) {
                            @Override
                            protected String reserveChunk(long bytes) {
                                return null; // every chunk "fits": nothing is reserved
                            }
                        };
                    }
                };
            }
        };
    }
}
