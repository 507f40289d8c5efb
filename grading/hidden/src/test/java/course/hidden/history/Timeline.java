package course.hidden.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A history drawn as one HTML page (no scripts, no network): one lane per client, each request a bar from the moment
 * it was sent to the moment it was answered, the faults as shaded bands, and the operations of a violation outlined
 * in red. Hovering a bar shows the request and its answer.
 */
public final class Timeline {
    private static final int LANE = 26;
    private static final int LEFT = 90;
    private static final int WIDTH = 1800;

    private Timeline() {}

    public static Path write(
            Path file, String title, ConcurrentHistory history, List<RegisterCheck.Violation> violations)
            throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), ".timeline", ".tmp");
        Files.writeString(temp, html(title, history, violations), StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    public static String html(String title, ConcurrentHistory history, List<RegisterCheck.Violation> violations) {
        List<Operation> ops = history.operations();
        long origin = history.origin();
        long end = ops.stream().mapToLong(Operation::completed).max().orElse(origin + 1);
        double perNano = (WIDTH - LEFT - 10) / (double) Math.max(1, end - origin);
        int clients = ops.stream().mapToInt(Operation::client).max().orElse(0) + 1;
        Set<Integer> wrong = violations.stream().map(v -> v.read().id()).collect(Collectors.toSet());
        Set<Integer> evidence = violations.stream()
                .flatMap(v -> v.evidence().stream())
                .map(Operation::id)
                .collect(Collectors.toSet());
        int height = (clients + 1) * LANE + 40;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(
                Locale.ROOT, "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d'>%n", WIDTH, height));
        for (ConcurrentHistory.Fault f : history.faults()) {
            double x = LEFT + (f.from() - origin) * perNano;
            double w = Math.max(1, (f.to() - f.from()) * perNano);
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect x='%.1f' y='0' width='%.1f' height='%d' fill='#fff3c4'>" + "<title>%s</title></rect>%n",
                    x,
                    w,
                    height - 20,
                    text(f.what())));
            svg.append(String.format(
                    Locale.ROOT,
                    "<text x='%.1f' y='%d' font-size='11'>%s</text>%n",
                    x + 2,
                    height - 6,
                    text(f.what())));
        }
        for (int c = 0; c < clients; c++) {
            svg.append(String.format(
                    Locale.ROOT, "<text x='4' y='%d' font-size='12'>client %d</text>%n", (c + 1) * LANE - 8, c));
        }
        for (Operation op : ops) {
            double x = LEFT + (op.invoked() - origin) * perNano;
            double w = Math.max(2, (op.completed() - op.invoked()) * perNano);
            int y = op.client() * LANE + 6;
            String stroke = wrong.contains(op.id())
                    ? " stroke='#d00' stroke-width='3'"
                    : evidence.contains(op.id()) ? " stroke='#d00' stroke-width='1.5' stroke-dasharray='3,2'" : "";
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect x='%.1f' y='%d' width='%.1f' height='%d' fill='%s'%s>"
                            + "<title>%s (%.1f to %.1f ms)</title></rect>%n",
                    x,
                    y,
                    w,
                    LANE - 10,
                    colour(op),
                    stroke,
                    text(op.describe()),
                    (op.invoked() - origin) / 1e6,
                    (op.completed() - origin) / 1e6));
        }
        svg.append("</svg>");
        StringBuilder list = new StringBuilder();
        for (RegisterCheck.Violation v : violations) {
            list.append("<li>").append(text(v.describe())).append("</li>\n");
        }
        return "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>" + text(title) + "</title>"
                + "<style>body{font-family:sans-serif} .legend span{display:inline-block;padding:2px 8px;"
                + "margin-right:6px}</style></head><body>\n<h1>" + text(title) + "</h1>\n"
                + "<p class='legend'><span style='background:#7aa6e0'>PUT</span><span style='background:#e8a15a'>"
                + "DELETE</span><span style='background:#8cc98c'>GET</span><span style='background:#b9e0b9'>GET ack=1"
                + "</span><span style='background:#bbb'>no answer / not acknowledged</span><span style='outline:3px "
                + "solid #d00'>broke a promise</span><span style='outline:1px dashed #d00'>the writes it concerns"
                + "</span><span style='background:#fff3c4'>fault between nodes</span></p>\n"
                + "<h2>Violations (" + violations.size() + ")</h2>\n<ol>\n" + list + "</ol>\n"
                + "<p>Time runs left to right over " + String.format(Locale.ROOT, "%.0f", (end - origin) / 1e6)
                + " ms; hover a bar for its request and answer.</p>\n<div style='overflow-x:auto'>" + svg
                + "</div>\n</body></html>\n";
    }

    private static String colour(Operation op) {
        if (!op.succeeded()) {
            return "#bbb";
        }
        return switch (op.kind()) {
            case PUT -> "#7aa6e0";
            case DELETE -> "#e8a15a";
            case GET -> "#8cc98c";
            case GET_ONE -> "#b9e0b9";
        };
    }

    private static String text(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;");
    }
}
