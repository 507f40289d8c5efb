package grading.mutants.coverage;

/** A sentence's source text made into one line of a Markdown table cell. */
final class SentenceText {
    // Long sentences are cut on the page; the link takes the reader to the whole of it.
    static final int MAX = 240;

    private SentenceText() {}

    static String markdown(String text) {
        return cell(
                StatementSentences.ANCHOR.matcher(text).replaceAll("").replaceFirst("^\\s*([-*+]|\\d+\\.)\\s+", ""));
    }

    /** A table row: its cells joined by an arrow (request → answer). */
    static String tableRow(String row) {
        String cells = StatementSentences.ANCHOR
                .matcher(row)
                .replaceAll("")
                .strip()
                .replaceFirst("^\\|", "")
                .replaceFirst("\\|$", "");
        return cell(String.join(" → ", cells.split("\\s\\|\\s")));
    }

    static String javadoc(String text) {
        String plain = StatementSentences.ANCHOR
                .matcher(text)
                .replaceAll("")
                .replaceAll("\\{@(link|linkplain|code|value)\\s+#?([^}]*)}", "`$2`")
                .replaceAll("<[^>]+>", "");
        return cell(plain);
    }

    private static String cell(String text) {
        String one = text.replaceAll("\\s+", " ").strip();
        if (one.length() > MAX) {
            int cut = one.lastIndexOf(' ', MAX);
            one = one.substring(0, cut > 0 ? cut : MAX);
            if (one.chars().filter(c -> c == '`').count() % 2 == 1) {
                one += "`"; // a code span cut in half would swallow the rest of the table
            }
            one += " …";
        }
        return one.replace("|", "\\|");
    }
}
