package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import solutions.stage2.WorkerSettings;

/** A stage-2 mutant (or correct variant) whose workers run with other settings than the system properties give. */
abstract class SettingsMutant implements ServiceFactory {
    /** The settings a node's server runs with, made of the properties' settings at every start. */
    protected abstract WorkerSettings settings(WorkerSettings s);

    @Override
    public final Service create(ServiceConfig config) {
        return Stage2With.settings(config, this::settings);
    }
}
