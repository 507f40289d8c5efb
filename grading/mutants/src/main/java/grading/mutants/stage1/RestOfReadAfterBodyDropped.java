package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpException;
import solutions.stage1.CourseSession;

@Mutant(
        stage = 1,
        sentences = "s1-pipelined-order",
        breaks = "a body that arrives in several reads is finished, and the rest of the read that ends it"
                + " (the next pipelined request) is dropped: that request is never answered",
        caughtBy = "course.hidden.stage1.RequestAfterABodyTest#aRequestRightAfterAContentLengthBodyIsAnswered")
public final class RestOfReadAfterBodyDropped implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.sessions(config, (socket, server, parts) -> new CourseSession(socket, server, parts) {
            @Override
            protected int processHttpBuffer(byte[] buffer, int length) throws IOException, HttpException {
                if (parsing != null && parsing.getBody() != null) {
                    int bodyLeft = parsing.getBody().length - requestBodyOffset;
                    if (length > bodyLeft) {
                        super.processHttpBuffer(buffer, bodyLeft);
                        return length;
                    }
                }
                return super.processHttpBuffer(buffer, length);
            }
        });
    }
}
