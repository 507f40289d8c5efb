package grading.mutants;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import one.nio.http.HttpServer;
import one.nio.http.Response;
import solutions.stage1.RequestHandler;
import solutions.stage1.Routes;
import solutions.stage1.Stage1Node;
import solutions.stage2.Stage2Node;
import solutions.stage3.PeerClient;
import solutions.stage3.Rendezvous;
import solutions.stage3.Stage3Node;
import solutions.stage4.Stage4Node;
import solutions.stage5.Stage5Node;

/**
 * The reference node of a mutant's stage (the one its {@link Mutant} names) with one of its concerns swapped: one method per concern, each building the node of every stage a mutant changes it in. A mutant
 * says only what it changes; a concern a mutant of another stage needs gets a {@code case} here.
 */
public final class ReferenceWith {
    private ReferenceWith() {}

    /** The reference whose entity handler (sharding, then coordinator and replica) is what the mutant makes of it. */
    public static Service handler(ServiceFactory mutant, ServiceConfig config, HandlerChange change) {
        return switch (stageOf(mutant)) {
            case 3 ->
                new Stage3Node(config) {
                    @Override
                    protected RequestHandler createHandler(Storage storage) throws IOException {
                        return change.change(storage, super::createHandler);
                    }
                };
            case 4 ->
                new Stage4Node(config) {
                    @Override
                    protected RequestHandler createHandler(Storage storage) throws IOException {
                        return change.change(storage, super::createHandler);
                    }
                };
            case 5 ->
                new Stage5Node(config) {
                    @Override
                    protected RequestHandler createHandler(Storage storage) throws IOException {
                        return change.change(storage, super::createHandler);
                    }
                };
            default -> throw unsupported(mutant, "the entity handler");
        };
    }

    /**
     * The reference whose replica sees storage through {@code view}: how a mutant breaks what a replica stores or
     * compares (timestamps, tombstones) without copying the replica.
     */
    public static Service replicaStorage(ServiceFactory mutant, ServiceConfig config, UnaryOperator<Storage> view) {
        return handler(mutant, config, (storage, reference) -> reference.over(view.apply(storage)));
    }

    /** What a mutant serves the node's routes with, in place of the reference's server. */
    @FunctionalInterface
    public interface ServerChange {
        HttpServer serve(Routes routes) throws IOException;
    }

    /** The reference node and handler behind the server the mutant makes. */
    public static Service server(ServiceFactory mutant, ServiceConfig config, ServerChange server) {
        return server(stageOf(mutant), config, server);
    }

    /**
     * The reference node of {@code stage} behind the server {@code server} makes: for the stage-1 and stage-2 helpers,
     * whose users include correct variants (no {@link Mutant} to name their stage).
     */
    public static Service server(int stage, ServiceConfig config, ServerChange server) {
        return switch (stage) {
            case 1 ->
                new Stage1Node(config) {
                    @Override
                    protected HttpServer createServer(Routes routes) throws IOException {
                        return server.serve(routes);
                    }
                };
            case 2 ->
                new Stage2Node(config) {
                    @Override
                    protected HttpServer createServer(Routes routes) throws IOException {
                        return server.serve(routes);
                    }
                };
            case 3 ->
                new Stage3Node(config) {
                    @Override
                    protected HttpServer createServer(Routes routes) throws IOException {
                        return server.serve(routes);
                    }
                };
            case 5 ->
                new Stage5Node(config) {
                    @Override
                    protected HttpServer createServer(Routes routes) throws IOException {
                        return server.serve(routes);
                    }
                };
            default ->
                throw new IllegalStateException("no mutant changes the server of stage " + stage
                        + " yet: add that stage's case to ReferenceWith.server");
        };
    }

    /** The reference node that takes {@code self} for its own URL among the cluster's, not its config's selfUrl. */
    public static Service selfUrl(ServiceFactory mutant, ServiceConfig config, String self) {
        return switch (stageOf(mutant)) {
            case 3 ->
                new Stage3Node(config) {
                    @Override
                    protected String selfUrl() {
                        return self;
                    }
                };
            default -> throw unsupported(mutant, "the node's own URL");
        };
    }

    /** The reference that finds the owners of keys with the rendezvous the mutant makes of the cluster's URLs. */
    public static Service rendezvous(
            ServiceFactory mutant, ServiceConfig config, Function<List<String>, Rendezvous> rendezvous) {
        return switch (stageOf(mutant)) {
            case 3 ->
                new Stage3Node(config) {
                    @Override
                    protected Rendezvous rendezvous() {
                        return rendezvous.apply(config.clusterUrls());
                    }
                };
            default -> throw unsupported(mutant, "the owners of keys");
        };
    }

    /** What a mutant opens in place of the reference's client for other nodes. */
    @FunctionalInterface
    public interface PeersChange {
        PeerClient open(String self, String secret, Duration timeout);
    }

    /** The reference whose client for other nodes is the one the mutant opens (at every start). */
    public static Service peers(ServiceFactory mutant, ServiceConfig config, PeersChange peers) {
        return switch (stageOf(mutant)) {
            case 3 ->
                new Stage3Node(config) {
                    @Override
                    protected PeerClient createPeers(String self, String secret, Duration timeout) {
                        return peers.open(self, secret, timeout);
                    }
                };
            default -> throw unsupported(mutant, "the client for other nodes");
        };
    }

    /** The reference whose calls to other nodes time out after {@code timeout}. */
    public static Service peerTimeout(ServiceFactory mutant, ServiceConfig config, Duration timeout) {
        return switch (stageOf(mutant)) {
            case 3 ->
                new Stage3Node(config) {
                    @Override
                    protected Duration peerTimeout() {
                        return timeout;
                    }
                };
            case 5 ->
                new Stage5Node(config) {
                    @Override
                    protected Duration peerTimeout() {
                        return timeout;
                    }
                };
            default -> throw unsupported(mutant, "the peer timeout");
        };
    }

    /** The reference that puts what {@code guard} makes of each route's handler in place of its own guard. */
    public static Service admitting(ServiceFactory mutant, ServiceConfig config, UnaryOperator<RequestHandler> guard) {
        return switch (stageOf(mutant)) {
            case 3 ->
                new Stage3Node(config) {
                    @Override
                    protected RequestHandler admitting(RequestHandler handler) {
                        return guard.apply(handler);
                    }
                };
            case 4 ->
                new Stage4Node(config) {
                    @Override
                    protected RequestHandler admitting(RequestHandler handler) {
                        return guard.apply(handler);
                    }
                };
            default -> throw unsupported(mutant, "the guard of internal requests");
        };
    }

    /** The reference that answers a client with what {@code answer} makes of the coordinator's decision. */
    public static Service answer(
            ServiceFactory mutant, ServiceConfig config, Function<CompletableFuture<Response>, Response> answer) {
        return switch (stageOf(mutant)) {
            case 5 ->
                new Stage5Node(config) {
                    @Override
                    protected Response answer(CompletableFuture<Response> decision) {
                        return answer.apply(decision);
                    }
                };
            default -> throw unsupported(mutant, "how a client gets the coordinator's answer");
        };
    }

    private static int stageOf(ServiceFactory mutant) {
        Mutant m = mutant.getClass().getAnnotation(Mutant.class);
        if (m == null) {
            throw new IllegalStateException(mutant.getClass().getName() + " has no @Mutant to name its stage");
        }
        return m.stage();
    }

    private static IllegalStateException unsupported(ServiceFactory mutant, String concern) {
        return new IllegalStateException(mutant.getClass().getName() + " changes " + concern + " of stage "
                + stageOf(mutant) + ": add that stage's case to ReferenceWith");
    }
}
