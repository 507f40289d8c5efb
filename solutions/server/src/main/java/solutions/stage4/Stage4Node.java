package solutions.stage4;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import one.nio.http.Response;
import solutions.stage1.ByteBudget;
import solutions.stage1.RequestHandler;
import solutions.stage1.Responses;
import solutions.stage3.PeerClient;
import solutions.stage3.Rendezvous;
import solutions.stage3.Stage3Node;

/**
 * The stage-4 node: the stage-3 node with one piece replaced, the handler of the entity path. Each key is stored on
 * the first {@code from} nodes of its rendezvous ranking; a client's request starts a quorum ({@link Coordinator})
 * and succeeds once {@code ack} of them answered. Another node's replica request is served by
 * {@link ReplicaEndpoint} from this node's {@link LocalReplica}, which the coordinator uses for its own copy.
 */
public class Stage4Node extends Stage3Node {
    /** This node's write timestamps; one clock per node, for every start. */
    private final Timestamps timestamps;

    public Stage4Node(ServiceConfig config) {
        this(config, new Timestamps());
    }

    /** A node that stamps its writes from {@code timestamps} (a grader's mutant passes a coarse clock). */
    protected Stage4Node(ServiceConfig config, Timestamps timestamps) {
        super(config);
        this.timestamps = timestamps;
    }

    @Override
    protected RequestHandler createHandler(Storage storage) throws IOException {
        LocalReplica replica = new LocalReplica(storage);
        ReplicaEndpoint endpoint = new ReplicaEndpoint(replica);
        Rendezvous rendezvous = rendezvous();
        Coordinator coordinator = new Coordinator(
                selfUrl(),
                rendezvous.size(),
                (key, from) -> replicas(rendezvous, key, from),
                replica,
                openPeers(),
                timestamps,
                replicaAnswers(),
                this::quorum);
        return request -> request.getHeaderValue(PeerClient.INTERNAL_HEADER) != null
                ? endpoint.handle(request)
                : answer(coordinator.start(request));
    }

    /**
     * The budget a coordinator holds its replicas' answers in until the client's answer is made: the process's budget
     * for unsent answers, which then counts that answer while it waits for its client (a grader's mutant counts none).
     */
    protected ByteBudget replicaAnswers() {
        return ByteBudget.unsentAnswers();
    }

    /** What collects the replicas' answers to one request (a grader's mutant's keeps its record after the answer). */
    protected Quorum quorum(ReplicaCount count) {
        return new Quorum(count);
    }

    /**
     * The replicas of a key for a request with this {@code from}: the first {@code from} nodes of the key's rendezvous
     * ranking, the same whichever node coordinates (a grader's mutant chooses them another way).
     */
    protected List<String> replicas(Rendezvous rendezvous, byte[] key, int from) {
        return rendezvous.ranking(key, from);
    }

    /**
     * The client's answer from the coordinator's decision: here the worker waits for it (the decision always comes,
     * within the coordinator's guard). Stage 5 answers when it comes instead, and frees the worker at once.
     */
    protected Response answer(CompletableFuture<Response> decision) {
        try {
            return decision.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Responses.text(Response.SERVICE_UNAVAILABLE, "the node is stopping");
        } catch (ExecutionException e) {
            throw new IllegalStateException("the coordinator failed", e.getCause());
        }
    }
}
