package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;

@Mutant(
        stage = 3,
        sentences = "s3-urls-identify",
        breaks = "the node finds itself among the cluster's URLs by its port (it takes http://localhost:<selfPort> "
                + "for its URL): behind a proxy no URL is its own, so it forwards its own keys to its own URL, and "
                + "they fail when that URL is cut off",
        caughtBy = "course.hidden.stage3.PartitionedShardTest#aPartitionedNodeIsUnreachableOnlyForItsOwnKeys")
public final class FindsItselfByPort implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.selfUrl(this, config, "http://localhost:" + config.selfPort());
    }
}
