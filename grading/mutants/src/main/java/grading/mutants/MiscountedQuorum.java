package grading.mutants;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.util.Map;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;

/**
 * A mutant of the stage-4 or stage-5 reference (the stage its {@link Mutant} names) with {@code ack} and {@code from}
 * of each client request changed before the coordinator reads them: how a mutant miscounts a quorum without copying
 * the coordinator. Malformed values pass unchanged (the reference answers them 400), and so do other nodes' replica
 * requests.
 */
public abstract class MiscountedQuorum implements ServiceFactory {
    /**
     * Changes the parameters (still URL-encoded) of one client request whose ack and from are numbers, in place;
     * {@link ClientQuery#ack} and {@link ClientQuery#from} give their values with the defaults.
     */
    protected abstract void edit(int method, Map<String, String> params, int clusterSize);

    @Override
    public final Service create(ServiceConfig config) {
        return ReferenceWith.handler(this, config, (storage, reference) -> rewriting(reference.over(storage), config));
    }

    private RequestHandler rewriting(RequestHandler reference, ServiceConfig config) {
        int size = config.clusterUrls().size();
        return ClientQuery.rewriting(reference, EntityHandler.PATH, (method, params) -> {
            if (ClientQuery.wellFormed(params)) {
                edit(method, params, size);
            }
        });
    }
}
