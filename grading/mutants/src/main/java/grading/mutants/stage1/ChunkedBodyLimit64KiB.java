package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.Request;
import solutions.stage1.BodyFraming;
import solutions.stage1.LargeBodySession;
import solutions.stage1.Refusal;

@Mutant(stage = 1, breaks = "chunked bodies keep one-nio's 64 KiB limit: a streamed value of 1 MiB gets 413",
        caughtBy = "course.hidden.stage1.ChunkedBodiesTest#aOneMebibyteStreamedBodyIsStoredExactly")
public final class ChunkedBodyLimit64KiB implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.sessions(config, (socket, server) -> new LargeBodySession(socket, server) {
            private boolean chunked;

            @Override
            protected BodyFraming framingOf(Request request) throws Refusal {
                BodyFraming framing = super.framingOf(request);
                chunked = framing.chunked();
                return framing;
            }

            @Override
            protected int getMaxRequestBodyLength() {
                return chunked ? 64 << 10 : super.getMaxRequestBodyLength();
            }
        });
    }
}
