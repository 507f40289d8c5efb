package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import grading.mutants.ReferenceWith;
import grading.mutants.SessionChange;
import java.util.function.UnaryOperator;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.QueueKind;
import solutions.stage2.WorkerSettings;

/**
 * The stage-2 reference node with one part swapped: other worker settings than the system properties give, or the
 * server's sessions. The stage-2 mutants change one of these and say only what they change.
 */
final class Stage2With {
    private Stage2With() {}

    /** The reference node whose server runs with the settings the mutant makes of the properties' settings. */
    static Service settings(ServiceConfig config, UnaryOperator<WorkerSettings> change) {
        return ReferenceWith.server(
                2,
                config,
                routes -> new ExecutorHttpServer(
                        config.selfPort(), routes, change.apply(WorkerSettings.fromSystemProperties())));
    }

    /** The reference server, with the settings of the system properties, whose connections are the mutant's sessions. */
    static Service sessions(ServiceConfig config, SessionChange session) {
        return ReferenceWith.server(
                2,
                config,
                routes -> new ExecutorHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties()) {
                    @Override
                    public HttpSession createSession(Socket socket) {
                        return session.create(socket, this, sessionParts());
                    }
                });
    }

    /** {@code s} with another queue and deadline; the workers, their kind and the test delay stay. */
    static WorkerSettings queue(WorkerSettings s, int capacity, QueueKind queue, long deadlineMillis) {
        return new WorkerSettings(
                s.workers(), capacity, queue, s.virtualThreads(), deadlineMillis, s.handlerDelayMillis());
    }
}
