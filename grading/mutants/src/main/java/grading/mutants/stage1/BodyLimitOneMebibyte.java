package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;

@Mutant(
        stage = 1,
        sentences = "s1-values-bytes",
        breaks = "the request body limit is raised to only 1 MiB: larger values get 413",
        caughtBy = "course.hidden.stage1.LargeValuesTest#valuesUpToFourMebibytesRoundTrip")
public final class BodyLimitOneMebibyte implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.sessions(config, (socket, server, parts) -> new OneNioSession(socket, server, 1 << 20));
    }
}
