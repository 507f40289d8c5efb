package course.wrk2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The spellings of a rate and a workload that the text above a bare spectrum may use, and the ones it must not. */
class ProseHintsTest {

    /** The rate that {@code prose} names for a run on the line after it. */
    private static Double rate(String prose) {
        return ProseHints.rate(LineClassifier.classify(prose), lineAfter(prose)).value();
    }

    private static String workload(String prose) {
        return ProseHints.workload(LineClassifier.classify(prose), lineAfter(prose))
                .value();
    }

    private static int lineAfter(String prose) {
        return (int) prose.lines().count() + 1;
    }

    @Test
    void ratesAsReportsWriteThem() {
        assertEquals(15000.0, rate("был выбран `RATE` равный `15000`, при котором"));
        assertEquals(15000.0, rate("the rate of 15000 was chosen"));
        assertEquals(15000.0, rate("нагрузка 15k rps"));
        assertEquals(12000.0, rate("ran `wrk2 -R12000` twice"));
        assertEquals(12000.0, rate("ran with --rate=12000"));
        assertEquals(12000.0, rate("### 12000 RPS"));
    }

    @Test
    void numbersThatAreNotARate() {
        assertNull(rate("error rate 5% at most"));
        assertNull(rate("rate sampling 10ms"));
        assertNull(rate("we generate 15000 keys"));
        assertNull(rate("15,000 rps"), "a number with a thousands separator is not read as 15 or 000");
        assertNull(rate("```\n# rate 15000\n```"), "a comment in a code block is not prose");
    }

    @Test
    void workloadsFromHeadingsAndUpperCaseMethods() {
        assertEquals("put", workload("## *PUT*"));
        assertEquals("get", workload("## get requests"));
        assertEquals("get", workload("## Stage 1\n### Results\nthe `GET` run:"));
        assertEquals("put", workload("## PUT\n### before\nresults:"), "the enclosing heading names it");
        assertNull(workload("we get 99% under 2ms"), "a lower-case verb in prose is not a workload");
        assertNull(workload("## PUT\nnow the GET run:"), "the heading and the text disagree");
        assertNull(workload("```\n# PUT\n```"));
    }
}
