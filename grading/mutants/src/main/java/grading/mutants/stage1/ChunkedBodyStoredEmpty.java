package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;

@Mutant(
        stage = 1,
        sentences = "s1-chunked",
        breaks = "one-nio's own request parser: a chunked body is stored as an empty value and its chunks"
                + " are read as the next request",
        caughtBy = "course.tests.stage1.RequestFramingTest#aChunkedBodyIsDecodedAndTheConnectionGoesOn")
public final class ChunkedBodyStoredEmpty implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.sessions(config, (socket, server, parts) -> new OneNioSession(socket, server, 16 << 20));
    }
}
