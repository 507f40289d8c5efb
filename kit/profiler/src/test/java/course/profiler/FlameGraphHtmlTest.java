package course.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The call tree and its HTML, from hand-made stacks. */
class FlameGraphHtmlTest {
    private static FlameTree.Frame java(String name) {
        return new FlameTree.Frame(name, FrameKind.JIT_COMPILED);
    }

    @Test
    void stacksMergeByPathAndWeightsAddUp() {
        FlameTree tree = new FlameTree("all");
        tree.add(List.of(java("Main.main"), java("Main.work")), 3);
        tree.add(List.of(java("Main.main"), java("Main.work")), 2);
        tree.add(List.of(java("Main.main"), java("Main.idle")), 1);
        tree.add(List.of(java("Main.main")), 0); // weightless samples carry nothing

        assertEquals(6, tree.total());
        assertEquals(3, tree.samples());
        FlameTree.Node main = tree.root().children().iterator().next();
        assertEquals(6, main.total());
        assertEquals(0, main.self());
        assertEquals(List.of(5L, 1L), main.children().stream().map(FlameTree.Node::total).toList());
        assertEquals(java("Main.work"), tree.selfByFrame(1).getFirst().getKey());
    }

    @Test
    void namesAreEscapedSoNoFrameCanBreakThePage() throws IOException {
        FlameTree tree = new FlameTree("all");
        tree.add(List.of(java("Evil.</script><b>x"), java("Widget.<init>")), 10);
        String html = FlameGraphHtml.render(tree, ProfilerEvent.CPU,
                new FlameGraphHtml.Page("cpu <profile>", "summary & more", List.of("a <note>")));

        assertEquals(1, html.split("</script>", -1).length - 1, "only the page's own script end tag");
        assertFalse(html.contains("<b>x"));
        assertTrue(html.contains("Widget.\\u003cinit\\u003e"), "JSON keeps the name, escaped");
        assertTrue(html.contains("Widget.&lt;init&gt;"), "the table shows it as text");
        assertTrue(html.contains("cpu &lt;profile&gt;") && html.contains("summary &amp; more")
                && html.contains("<li>a &lt;note&gt;</li>"));
        assertFalse(html.contains("{{"), "every placeholder is filled");
    }

    @Test
    void anEmptyProfileSaysSoInsteadOfShowingABlankPage() throws IOException {
        String html = FlameGraphHtml.render(new FlameTree("all"), ProfilerEvent.LOCK,
                new FlameGraphHtml.Page("lock", "s", List.of()));
        assertTrue(html.contains("No samples were recorded for this event"));
    }

    @Test
    void hiddenClassAddressesAreDroppedSoLambdasMerge() {
        assertEquals("Foo$$Lambda", FrameNames.withoutAddress("Foo$$Lambda.0x0000000031158438"));
        assertEquals("Foo$$Lambda$14", FrameNames.withoutAddress("Foo$$Lambda$14/0x0000000800c03000"));
        assertEquals("java.util.HashMap", FrameNames.withoutAddress("java.util.HashMap"));
    }

    @Test
    void weightsAreShownInTheirEventsUnit() {
        assertEquals("512.0 KiB", Units.format(512 * 1024, ProfilerEvent.ALLOC));
        assertEquals("1.5 ms", Units.format(1_500_000, ProfilerEvent.LOCK));
        assertEquals("42 samples", Units.format(42, ProfilerEvent.CPU));
    }
}
