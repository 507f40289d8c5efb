package course.profiler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders a call tree as one self-contained HTML flame graph (no network, opens from disk): the tree is embedded as
 * JSON and drawn by a small script in the template; a static table of the heaviest frames is readable without it.
 */
final class FlameGraphHtml {
    private static final String TEMPLATE = "flamegraph.html";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Z_]+)}}");
    private static final int TABLE_ROWS = 40;

    /** The words around the graph: its heading, one summary line and notes worth a reader's attention. */
    record Page(String header, String summary, List<String> notes) {
    }

    private FlameGraphHtml() {
    }

    static void write(Path target, FlameTree tree, ProfilerEvent event, Page page) throws IOException {
        String html = render(tree, event, page);
        AtomicWrite.write(target, temp -> Files.writeString(temp, html, StandardCharsets.UTF_8));
    }

    static String render(FlameTree tree, ProfilerEvent event, Page page) throws IOException {
        Map<String, String> values = Map.of(
                "TITLE", Html.text(page.header()),
                "HEADER", Html.text(page.header()),
                "SUMMARY", Html.text(page.summary()),
                "NOTES", notes(page.notes(), tree),
                "UNIT_TEXT", Html.text(unitText(event)),
                "TABLE", table(tree, event),
                "DATA", data(tree, event));
        Matcher matcher = PLACEHOLDER.matcher(template());
        // One pass over the template, so text inside the values is never mistaken for a placeholder.
        return matcher.replaceAll(m -> Matcher.quoteReplacement(values.getOrDefault(m.group(1), m.group())));
    }

    private static String unitText(ProfilerEvent event) {
        return switch (event) {
            case CPU -> "CPU samples";
            case WALL -> "wall-clock samples";
            case ALLOC -> "bytes allocated";
            case LOCK -> "time waiting for locks";
        };
    }

    private static String notes(List<String> notes, FlameTree tree) {
        List<String> all = new ArrayList<>(notes);
        if (tree.samples() == 0) {
            all.add("No samples were recorded for this event during the session.");
        }
        if (all.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<ul class=\"notes\">");
        for (String note : all) {
            out.append("<li>").append(Html.text(note)).append("</li>");
        }
        return out.append("</ul>").toString();
    }

    private static String table(FlameTree tree, ProfilerEvent event) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<FlameTree.Frame, Long> row : tree.selfByFrame(TABLE_ROWS)) {
            double percent = tree.total() == 0 ? 0 : 100.0 * row.getValue() / tree.total();
            out.append("<tr><td class=\"num\">").append(Html.text(Units.format(row.getValue(), event)))
                    .append("</td><td class=\"num\">").append(String.format(java.util.Locale.ROOT, "%.2f", percent))
                    .append("</td><td>").append(row.getKey().kind().name().toLowerCase().replace('_', ' '))
                    .append("</td><td>").append(Html.text(row.getKey().name())).append("</td></tr>\n");
        }
        return out.toString();
    }

    /** The tree as nested arrays [nameIndex, kindIndex, total, child...] with a shared table of names. */
    private static String data(FlameTree tree, ProfilerEvent event) {
        Map<String, Integer> nameIndex = new HashMap<>();
        List<String> names = new ArrayList<>();
        StringBuilder nodes = new StringBuilder();
        appendNode(tree.root(), nameIndex, names, nodes);
        StringBuilder out = new StringBuilder("{\"unit\":").append(Html.jsonString(event.unit())).append(",\"kinds\":[");
        FrameKind[] kinds = FrameKind.values();
        for (int i = 0; i < kinds.length; i++) {
            out.append(i == 0 ? "" : ",").append(Html.jsonString(kinds[i].name()));
        }
        out.append("],\"names\":[");
        for (int i = 0; i < names.size(); i++) {
            out.append(i == 0 ? "" : ",").append(Html.jsonString(names.get(i)));
        }
        return out.append("],\"tree\":").append(nodes).append('}').toString();
    }

    private static void appendNode(FlameTree.Node node, Map<String, Integer> nameIndex, List<String> names,
                                   StringBuilder out) {
        Integer index = nameIndex.get(node.name());
        if (index == null) {
            index = names.size();
            names.add(node.name());
            nameIndex.put(node.name(), index);
        }
        out.append('[').append(index).append(',').append(node.kind().ordinal()).append(',').append(node.total());
        // Alphabetical order, as in classic flame graphs: the same call paths line up between two graphs.
        List<FlameTree.Node> children = new ArrayList<>(node.children());
        children.sort(Comparator.comparing(FlameTree.Node::name).thenComparing(FlameTree.Node::kind));
        for (FlameTree.Node child : children) {
            out.append(',');
            appendNode(child, nameIndex, names, out);
        }
        out.append(']');
    }

    private static String template() throws IOException {
        try (InputStream in = FlameGraphHtml.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IOException("the flame graph template " + TEMPLATE + " is missing from kit-profiler's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
