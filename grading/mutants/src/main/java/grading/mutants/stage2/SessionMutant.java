package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.SessionParts;

/** A stage-2 mutant whose connections are sessions of its own behind the reference server and its workers. */
abstract class SessionMutant implements ServiceFactory {
    /** The session of one connection, given the parts the reference server would give its own. */
    protected abstract HttpSession session(Socket socket, HttpServer server, SessionParts parts);

    @Override
    public final Service create(ServiceConfig config) {
        return Stage2With.sessions(config, this::session);
    }
}
