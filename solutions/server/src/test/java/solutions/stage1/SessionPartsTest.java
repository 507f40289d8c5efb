package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A later stage replaces one part of stage 1's session and keeps the other four as they were. */
class SessionPartsTest {
    private final SessionParts reference = SessionParts.reference(new Timeouts(60_000, 10_000));

    private static List<Object> partsOf(SessionParts p) {
        return List.of(p.framing(), p.bodies(), p.writer(), p.deferral(), p.timeouts());
    }

    /** The reference's parts with the one at {@code index} replaced by {@code other}. */
    private List<Object> referenceWith(int index, Object other) {
        List<Object> expected = new ArrayList<>(partsOf(reference));
        expected.set(index, other);
        return expected;
    }

    @Test
    void eachWithReplacesItsOwnPartOnly() {
        Framing framing = new Framing();
        ByteBudget bodies = ByteBudget.unlimited("request bodies");
        AnswerWriter writer = new WholeAnswers(ByteBudget.unlimited("unsent answers"));
        Deferral deferral = (response, deliver) -> true;
        Timeouts timeouts = new Timeouts(1, 2);
        assertEquals(referenceWith(0, framing), partsOf(reference.withFraming(framing)));
        assertEquals(referenceWith(1, bodies), partsOf(reference.withBodies(bodies)));
        assertEquals(referenceWith(2, writer), partsOf(reference.withWriter(writer)));
        assertEquals(referenceWith(3, deferral), partsOf(reference.withDeferral(deferral)));
        assertEquals(referenceWith(4, timeouts), partsOf(reference.withTimeouts(timeouts)));
    }

    @Test
    void anUnlimitedBudgetNeverSaysNo() {
        ByteBudget unlimited = ByteBudget.unlimited("request bodies");
        assertTrue(unlimited.tryReserve(1L << 40), "a terabyte fits");
        assertTrue(unlimited.tryReserve(1L << 40), "and another");
    }

    @Test
    void theReferenceSharesTheProcesssBudgets() {
        assertSame(ByteBudget.requestBodies(), reference.bodies(), "one budget for every connection's bodies");
        assertSame(Deferral.NONE, reference.deferral(), "stage 1 answers are final as given");
    }
}
