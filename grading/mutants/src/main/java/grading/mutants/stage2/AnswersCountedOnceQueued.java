package grading.mutants.stage2;

import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Response;
import one.nio.net.Socket;
import solutions.stage1.Admission;
import solutions.stage1.AnswerWriter;
import solutions.stage1.ByteBudget;
import solutions.stage1.CourseSession;
import solutions.stage1.SessionParts;
import solutions.stage1.WholeAnswers;

@Mutant(
        stage = 2,
        sentences = "s1-answer-budget-together",
        breaks = "a large answer is admitted when the budget has room for it now, and counted only once its write"
                + " leaves bytes queued: workers answering at the same moment all take the last room",
        caughtBy =
                "course.hidden.stage1.SlowReadersTest#largeAnswersAskedForTogetherAreAdmittedOnlyAsFarAsTheyFitOneByOne")
public final class AnswersCountedOnceQueued extends SessionMutant {
    @Override
    protected HttpSession session(Socket socket, HttpServer server, SessionParts parts) {
        return new CourseSession(socket, server, parts.withWriter(new CheckedNowCountedLater()));
    }

    /** The reference's whole answers, whose admission gives its reservation back at once: a check, not a count. */
    private static final class CheckedNowCountedLater implements AnswerWriter {
        private final ByteBudget unsent = ByteBudget.unsentAnswers();
        private final WholeAnswers whole = new WholeAnswers(unsent);

        @Override
        public Admission admit(Response response, boolean withBody) {
            Admission admitted = whole.admit(response, withBody);
            unsent.release(admitted.reservedBytes());
            return Admission.unreserved(admitted.answer(), admitted.withBody());
        }

        @Override
        public void write(CourseSession session, Admission admitted) throws IOException {
            whole.write(session, admitted);
        }
    }
}
