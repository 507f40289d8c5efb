package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.HttpServerConfig;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = {"s1-header-timeout-408", "s1-idle-timeout"},
        breaks = "one-nio's default keepAlive of 0 is kept: no session is ever checked, so idle connections"
                + " and headers sent a line every few seconds hold the node's descriptors forever",
        caughtBy =
                "course.tests.stage1.ConnectionTimeoutsTest#headersThatTrickleInPastTheHeaderTimeoutGet408AndTheConnectionCloses")
public final class NoConnectionTimeouts implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        HttpServerConfig withoutCleanup = SyncHttpServer.config(config.selfPort());
        withoutCleanup.keepAlive = 0;
        return Stage1With.server(config, routes -> new SyncHttpServer(withoutCleanup, routes));
    }
}
