package grading.mutants;

import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.SessionParts;

/**
 * The session a mutant makes for each connection of the reference server, given the parts the reference server would
 * give its own session (read when the node started), so a mutant changes its session and nothing else.
 */
@FunctionalInterface
public interface SessionChange {
    HttpSession create(Socket socket, HttpServer server, SessionParts parts);
}
