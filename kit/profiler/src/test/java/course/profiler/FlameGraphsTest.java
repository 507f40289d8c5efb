package course.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import one.convert.Arguments;
import org.junit.jupiter.api.Test;

class FlameGraphsTest {
    @Test
    void theCourseWordsGoRightUnderTheConvertersHeadingEscaped() {
        String html = "<html><body><h1>cpu</h1><canvas></canvas></body></html>";
        String page = FlameGraphs.withPage(
                html, new FlameGraphs.Page("cpu", "summary <&> of 'it'", List.of("a <note>", "another")));
        assertEquals(
                "<html><body><h1>cpu</h1>\n<p class='course-summary'>summary &lt;&amp;&gt; of &#39;it&#39;</p>"
                        + "\n<ul class='course-notes'><li>a &lt;note&gt;</li><li>another</li></ul><canvas></canvas>"
                        + "</body></html>",
                page);
    }

    @Test
    void withoutNotesThereIsNoEmptyList() {
        String page = FlameGraphs.withPage("<h1>t</h1>", new FlameGraphs.Page("t", "s", List.of()));
        assertEquals("<h1>t</h1>\n<p class='course-summary'>s</p>", page);
    }

    @Test
    void allocationsAndLocksAreWeighedByWhatTheSamplesStandFor() {
        Arguments alloc = FlameGraphs.arguments(ProfilerEvent.ALLOC, "alloc");
        assertTrue(alloc.alloc && alloc.total && !alloc.cpu);
        Arguments lock = FlameGraphs.arguments(ProfilerEvent.LOCK, "lock");
        assertTrue(lock.lock && lock.total);
        Arguments cpu = FlameGraphs.arguments(ProfilerEvent.CPU, "cpu <1>");
        assertTrue(cpu.cpu && !cpu.total && cpu.dot && cpu.norm);
        assertEquals("cpu &lt;1&gt;", cpu.title, "the title is text, not markup");
        assertTrue(FlameGraphs.arguments(ProfilerEvent.WALL, "wall").wall);
    }
}
