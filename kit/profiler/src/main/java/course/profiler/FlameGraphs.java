package course.profiler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import one.convert.Arguments;
import one.convert.JfrToFlame;
import one.jfr.JfrReader;

/**
 * One flame graph per event from a JFR recording, drawn by async-profiler's own converter
 * ({@code tools.profiler:jfr-converter}), so the graphs look and behave like the ones async-profiler users know.
 * What the course adds is only the words above the graph: how the session ran and what to make of an empty one.
 */
final class FlameGraphs {
    /** The words around a graph: a heading, one summary line and notes worth a reader's attention. */
    record Page(String header, String summary, List<String> notes) {}

    private static final String HEADING_END = "</h1>";

    private FlameGraphs() {}

    static void write(Path jfr, ProfilerEvent event, Path target, Page page) throws IOException {
        String whole = withPage(convert(jfr, arguments(event, page.header())), page);
        AtomicWrite.write(target, temp -> Files.writeString(temp, whole, StandardCharsets.UTF_8));
    }

    /**
     * The same event's stacks as collapsed text, one {@code frame;frame;...;frame weight} line per distinct stack
     * ({@code jfrconv --collapsed}): what the site reads to compare two stages' profiles (a report's differential
     * flame graph), since the HTML page stores its frames in the converter's own compressed form.
     */
    static void writeCollapsed(Path jfr, ProfilerEvent event, Path target) throws IOException {
        Arguments args = arguments(event, event.id());
        args.output = "collapsed";
        String text = convert(jfr, args);
        AtomicWrite.write(target, temp -> Files.writeString(temp, text, StandardCharsets.UTF_8));
    }

    private static String convert(Path jfr, Arguments args) throws IOException {
        try (JfrReader reader = new JfrReader(jfr.toString())) {
            JfrToFlame converter = new JfrToFlame(reader, args);
            converter.convert();
            Utf8Buffer out = new Utf8Buffer();
            converter.dump(out);
            return out.text();
        }
    }

    /** The converter's options for one event, as {@code jfrconv --cpu|--wall|--alloc|--lock [--total]} would set. */
    static Arguments arguments(ProfilerEvent event, String title) {
        Arguments args = new Arguments();
        args.output = "html";
        args.title = Html.text(title);
        // Class names with dots, as Java programmers read them (and as the course's guides print them).
        args.dot = true;
        // Lambdas and method handles are hidden classes named per run (Foo$$Lambda.0x0000000031158438); without the
        // address the same lambda is one frame, and graphs of two runs (two stages) can be compared.
        args.norm = true;
        switch (event) {
            case CPU -> args.cpu = true;
            case WALL -> args.wall = true;
            // Weighed by what the samples stand for (bytes allocated, time waited), not by how many there were:
            // one big allocation site would otherwise look as cheap as a site sampled once.
            case ALLOC -> {
                args.alloc = true;
                args.total = true;
            }
            case LOCK -> {
                args.lock = true;
                args.total = true;
            }
        }
        return args;
    }

    /** Puts the summary and the notes right under the converter's heading. */
    static String withPage(String html, Page page) {
        StringBuilder words = new StringBuilder("\n<p class='course-summary'>")
                .append(Html.text(page.summary()))
                .append("</p>");
        if (!page.notes().isEmpty()) {
            words.append("\n<ul class='course-notes'>");
            for (String note : page.notes()) {
                words.append("<li>").append(Html.text(note)).append("</li>");
            }
            words.append("</ul>");
        }
        int at = html.indexOf(HEADING_END);
        if (at < 0) {
            // A future converter without the heading: the words still belong on the page, first thing in the body.
            return html.replaceFirst("<body>", "<body>" + Matcher.quoteReplacement(words.toString()));
        }
        at += HEADING_END.length();
        return html.substring(0, at) + words + html.substring(at);
    }

    /** The converter writes bytes; the page is small (a few hundred KiB at most), so it is kept in memory. */
    private static final class Utf8Buffer extends OutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public void write(int b) {
            bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
        }

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
