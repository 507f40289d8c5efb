package grading.mutants.stage1;

import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpServerConfig;
import solutions.stage1.Routes;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = {"s1-header-timeout-408", "s1-idle-timeout"},
        breaks = "one-nio's default keepAlive of 0 is kept: no session is ever checked, so idle connections"
                + " and headers sent a line every few seconds hold the node's descriptors forever",
        caughtBy =
                "course.tests.stage1.ConnectionTimeoutsTest#headersThatTrickleInPastTheHeaderTimeoutGet408AndTheConnectionCloses")
public final class NoConnectionTimeouts extends ServerMutant {
    @Override
    protected HttpServer server(int port, Routes routes) throws IOException {
        HttpServerConfig withoutCleanup = SyncHttpServer.config(port);
        withoutCleanup.keepAlive = 0;
        return new SyncHttpServer(withoutCleanup, routes);
    }
}
