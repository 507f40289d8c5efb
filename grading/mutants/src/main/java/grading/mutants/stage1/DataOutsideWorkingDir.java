package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.nio.file.Path;
import solutions.stage1.Stage1Node;

@Mutant(
        stage = 1,
        sentences = {"s1-data-in-working-dir", "c-files-in-working-dir"},
        breaks = "data goes to a fixed folder per port under the system temp dir, not the working dir",
        caughtBy = "course.tests.stage1.PersistenceTest#dataLivesOnlyInTheWorkingDirectory")
public final class DataOutsideWorkingDir implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        Path fixed = Path.of(System.getProperty("java.io.tmpdir"), FOLDER_PREFIX + config.selfPort());
        return new Stage1Node(new ServiceConfig(
                config.selfPort(), config.selfUrl(), config.clusterUrls(), fixed, config.clusterSecret()));
    }

    /** Folders this mutant leaves behind start with this; the mutant check deletes them. */
    public static final String FOLDER_PREFIX = "course-mutant-outside-";
}
