package grading.mutants.stage4;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import grading.mutants.ClientQuery;
import grading.mutants.HandlerChange;
import grading.mutants.Mutant;
import grading.mutants.NodeHandlerMutant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import one.nio.http.Request;
import solutions.stage1.EntityHandler;
import solutions.stage1.Query;
import solutions.stage1.RequestHandler;
import solutions.stage3.PeerClient;

@Mutant(
        stage = 4,
        sentences = "s3-forward-key-bytes",
        breaks = "a replica decodes the id of another node's request as UTF-8 text: for ids that are not"
                + " UTF-8 the replicas store another key than the coordinator",
        caughtBy = "course.hidden.stage4.ReplicaKeysAgreeTest#keysThatAreNotUtf8AreOneKeyOnEveryReplica")
public final class ReplicaKeysAsText extends NodeHandlerMutant {
    @Override
    protected RequestHandler handler(ServiceConfig config, Storage storage, HandlerChange.Reference reference)
            throws IOException {
        RequestHandler coordinatorAndReplica = reference.over(storage);
        return request -> coordinatorAndReplica.handle(
                request.getHeaderValue(PeerClient.INTERNAL_HEADER) == null ? request : withKeyAsText(request));
    }

    static Request withKeyAsText(Request request) {
        byte[] key = Query.of(request.getURI()).bytes("id");
        if (key == null) {
            return request;
        }
        byte[] text = new String(key, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
        return ClientQuery.withUri(request, EntityHandler.uriOf(text));
    }
}
