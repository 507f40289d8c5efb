package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.ClientQuery;
import grading.mutants.Mutant;
import solutions.stage1.RequestHandler;
import solutions.stage6.Stage6Node;

@Mutant(stage = 6, breaks = "a range includes its end key: start <= key <= end instead of start <= key < end",
        caughtBy = "course.hidden.stage6.RangeModelTest#rangesOverManyFlushedFilesEqualTheModel")
public final class RangeEndInclusive implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage6Node(config) {
            @Override
            protected RequestHandler createRangeHandler(Storage storage) {
                return ClientQuery.rewriting(super.createRangeHandler(storage), "/v0/entities",
                        (method, params) -> params.computeIfPresent("end", (k, end) -> end.isEmpty() ? end : end + "%00"));
            }
        };
    }
}
