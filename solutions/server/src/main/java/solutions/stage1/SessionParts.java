package solutions.stage1;

/**
 * The policies of a {@link CourseSession}, each a part of its own: how requests are framed, how much memory request
 * bodies may hold, how an answer is written (and how much memory unsent answers may hold), how an answer not known yet
 * is waited for, and how long a connection may idle. Stage 1 chooses the {@link #reference} parts; a later stage's
 * server replaces one (stage 5 the deferral, stage 6 the writer), and a variant of the course replaces another.
 */
public record SessionParts(
        Framing framing, ByteBudget bodies, AnswerWriter writer, Deferral deferral, Timeouts timeouts) {
    /** Stage 1's parts: strict framing, the process's budgets, whole answers, no deferral, these timeouts. */
    public static SessionParts reference(Timeouts timeouts) {
        return new SessionParts(
                new Framing(),
                ByteBudget.requestBodies(),
                new WholeAnswers(ByteBudget.unsentAnswers()),
                Deferral.NONE,
                timeouts);
    }

    public SessionParts withFraming(Framing other) {
        return new SessionParts(other, bodies, writer, deferral, timeouts);
    }

    public SessionParts withBodies(ByteBudget other) {
        return new SessionParts(framing, other, writer, deferral, timeouts);
    }

    public SessionParts withWriter(AnswerWriter other) {
        return new SessionParts(framing, bodies, other, deferral, timeouts);
    }

    public SessionParts withDeferral(Deferral other) {
        return new SessionParts(framing, bodies, writer, other, timeouts);
    }

    public SessionParts withTimeouts(Timeouts other) {
        return new SessionParts(framing, bodies, writer, deferral, other);
    }
}
