package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.QueueKind;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-bad-setting",
        breaks = "a bad -Dcourse.* setting is not rejected: the node starts with the default settings",
        caughtBy = "course.hidden.stage2.BadSettingsTest#aBadSettingStopsTheStartAndNamesTheProperty")
public final class BadSettingsFallBackToDefaults implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.server(
                this, config, routes -> new ExecutorHttpServer(config.selfPort(), routes, lenient()));
    }

    private static WorkerSettings lenient() {
        try {
            return WorkerSettings.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            return new WorkerSettings(4, 256, QueueKind.ARRAY, false, 1000, 0);
        }
    }
}
