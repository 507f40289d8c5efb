package grading.mutants.stage2;

import grading.mutants.Mutant;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = {"s2-settings-every-start", "c-settings-every-start"},
        breaks = "the worker settings are read once per JVM, in a static initializer: a node started "
                + "again, or another node of the same JVM, runs with the settings of the first start",
        caughtBy = "course.tests.stage2.SettingsAtEveryStartTest#aNodeStartedAgainRunsWithTheSettingsOfItsNewStart")
public final class SettingsReadOncePerJvm extends SettingsMutant {
    @Override
    protected WorkerSettings settings(WorkerSettings readAtThisStart) {
        return Once.SETTINGS;
    }

    /** The student's static field: initialized when the first node's start() first touches it. */
    private static final class Once {
        static final WorkerSettings SETTINGS = WorkerSettings.fromSystemProperties();
    }
}
