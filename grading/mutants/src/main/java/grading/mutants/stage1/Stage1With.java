package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import grading.mutants.ReferenceWith;
import grading.mutants.SessionChange;
import java.io.IOException;
import java.util.function.UnaryOperator;
import one.nio.http.HttpSession;
import one.nio.http.Response;
import one.nio.net.Socket;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage1.SessionParts;
import solutions.stage1.Stage1Node;
import solutions.stage1.SyncHttpServer;

/**
 * The stage-1 reference node with one part swapped: its start/stop, the handler (or just the status of its answers),
 * the storage under it, or its sessions (the server itself is {@link ReferenceWith#server}'s).
 * Most stage-1 mutants change exactly one of these; with this they say only what they change.
 */
final class Stage1With {
    /** What a mutant puts between the reference handler and its storage. */
    @FunctionalInterface
    interface StorageChange {
        Storage apply(Storage reference) throws IOException;
    }

    /**
     * A storage of a mutant's own that keeps writes somewhere the reference storage does not see (a memtable): the
     * node tells it when it stops, before the reference storage under it closes.
     */
    interface StoppedWithTheNode {
        void nodeStopped() throws IOException;
    }

    /** The reference node's own start() or stop(), for a mutant to call where it wants. */
    @FunctionalInterface
    interface Step {
        void run() throws IOException;
    }

    /** What a mutant does in place of start() or stop(), given the reference's. */
    @FunctionalInterface
    interface Around {
        void around(Step reference) throws IOException;
    }

    private Stage1With() {}

    /** The reference node whose start() and stop() the mutant wraps (both still under the node's lock). */
    static Service lifecycle(ServiceConfig config, Around start, Around stop) {
        return new Stage1Node(config) {
            @Override
            public synchronized void start() throws IOException {
                start.around(super::start);
            }

            @Override
            public synchronized void stop() throws IOException {
                stop.around(super::stop);
            }
        };
    }

    /** The reference handler wrapped: the mutant sees every request and the reference's response. */
    static Service handler(ServiceConfig config, UnaryOperator<RequestHandler> change) {
        return new Stage1Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) {
                return change.apply(new EntityHandler(storage));
            }
        };
    }

    /** The reference node whose answers with {@code status} say {@code instead}, with an empty body. */
    static Service statusAnsweredAs(ServiceConfig config, int status, String instead) {
        return handler(config, reference -> request -> {
            Response response = reference.handle(request);
            return response.getStatus() == status ? new Response(instead, Response.EMPTY) : response;
        });
    }

    /** The reference handler over the storage the mutant makes of the reference's. */
    static Service storage(ServiceConfig config, StorageChange change) {
        return new Stage1Node(config) {
            private Storage changed;

            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                changed = change.apply(storage);
                return new EntityHandler(changed);
            }

            @Override
            protected void onStop() throws IOException {
                if (changed instanceof StoppedWithTheNode own) {
                    own.nodeStopped();
                }
            }
        };
    }

    /** The reference node over an engine the mutant opens (on every start, with the reference's settings). */
    static Service engine(ServiceConfig config, Engine engine) {
        final class OverTheMutantsEngine extends Stage1Node {
            OverTheMutantsEngine(ServiceConfig nodeConfig) {
                super(nodeConfig);
            }

            @Override
            protected Storage openStorage(StorageConfig storageConfig) throws IOException {
                return engine.open(storageConfig);
            }
        }
        return new OverTheMutantsEngine(config);
    }

    /** What a mutant opens in place of the reference engine. */
    @FunctionalInterface
    interface Engine {
        Storage open(StorageConfig storageConfig) throws IOException;
    }

    /** The reference server whose connections have the session parts the mutant makes of the reference's. */
    static Service parts(ServiceConfig config, UnaryOperator<SessionParts> change) {
        return ReferenceWith.server(1, config, routes -> new SyncHttpServer(config.selfPort(), routes) {
            @Override
            protected SessionParts sessionParts() {
                return change.apply(super.sessionParts());
            }
        });
    }

    /** The reference server whose connections are the mutant's sessions. */
    static Service sessions(ServiceConfig config, SessionChange session) {
        return ReferenceWith.server(1, config, routes -> new SyncHttpServer(config.selfPort(), routes) {
            @Override
            public HttpSession createSession(Socket socket) {
                return session.create(socket, this, sessionParts());
            }
        });
    }
}
