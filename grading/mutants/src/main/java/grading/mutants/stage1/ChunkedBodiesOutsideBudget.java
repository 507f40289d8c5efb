package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.CourseSession;

@Mutant(
        stage = 1,
        sentences = "s1-body-budget",
        breaks = "bodies with a Content-Length are reserved in the byte budget, chunked bodies are not: a"
                + " burst of streamed PUTs fills the heap",
        caughtBy = "course.hidden.stage1.LargeValueBurstTest#burstOfChunkedPutsIsAnsweredAndTheNodeSurvives")
public final class ChunkedBodiesOutsideBudget implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.sessions(config, (socket, server, parts) -> new CourseSession(socket, server, parts) {
            @Override
            protected String reserveChunk(long bytes) {
                return null; // every chunk "fits": nothing is reserved
            }
        });
    }
}
