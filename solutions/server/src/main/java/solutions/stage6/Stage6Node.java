package solutions.stage6;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.RequestHandler;
import solutions.stage2.WorkerSettings;
import solutions.stage5.Stage5Node;

/**
 * The stage-6 node: the stage-5 node with a range endpoint added beside the entity protocol, and a server whose
 * sessions stream its answers.
 */
public class Stage6Node extends Stage5Node {
    public Stage6Node(ServiceConfig config) {
        super(config);
    }

    @Override
    protected RequestHandler createHandler(Storage storage) throws IOException {
        RequestHandler entities = super.createHandler(storage);
        RangeHandler range = new RangeHandler(storage);
        return request -> RangeHandler.PATH.equals(request.getPath()) ? range.handle(request) : entities.handle(request);
    }

    @Override
    protected HttpServer createServer(RequestHandler handler) throws IOException {
        return new StreamingHttpServer(config.selfPort(), handler, WorkerSettings.fromSystemProperties());
    }
}
