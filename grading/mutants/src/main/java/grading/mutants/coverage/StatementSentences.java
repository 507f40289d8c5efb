package grading.mutants.coverage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads the sentences of the stage statements ({@code stages/N-slug/README.md}) and of the contract's javadoc
 * ({@code starter/contract}). A sentence is marked by an empty HTML anchor before it, {@code <a id="s1-put-201"></a>}:
 * invisible on the site, on GitHub and in an IDE's javadoc, and still a link target. It runs to the next anchor or
 * the end of its block: a paragraph, a list item, a table row (whole: what is asked and what is answered).
 */
public final class StatementSentences {
    static final Pattern ANCHOR = Pattern.compile("<a id=\"([^\"]*)\"></a>");
    static final String CONTRACT = "starter/contract/src/main/java";
    // Lines that start a block of their own, ending the one before them.
    private static final Pattern MARKDOWN_BLOCK_START = Pattern.compile("^\\s*(\\||#|```|[-*+] |\\d+\\. ).*");
    private static final Pattern JAVADOC_BLOCK_START = Pattern.compile("^(<p>|<h\\d>|<pre>|@|}</pre>|</?ul>|<li>).*");

    /** Consecutive lines of one block, the first of them at {@code firstLine}. */
    private record Block(int firstLine, List<String> lines, boolean tableRow) {}

    private StatementSentences() {}

    /** Every sentence of the statements (stage by stage) and then of the contract, in file order. */
    public static List<Sentence> read(Path root) {
        List<Sentence> all = new ArrayList<>();
        try (Stream<Path> stages = Files.list(root.resolve("stages"));
                Stream<Path> sources = Files.walk(root.resolve(CONTRACT))) {
            for (Path readme : stages.map(d -> d.resolve("README.md"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList()) {
                all.addAll(markdown(root.relativize(readme).toString(), Files.readString(readme)));
            }
            for (Path java :
                    sources.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                all.addAll(javadoc(root.relativize(java).toString(), Files.readString(java)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return all;
    }

    /** The sentences of a Markdown statement. */
    public static List<Sentence> markdown(String document, String text) {
        List<String> lines = text.lines().toList();
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.strip().startsWith("```")) {
                while (++i < lines.size() && !lines.get(i).strip().startsWith("```")) {
                    // code is never a sentence
                }
            } else if (line.strip().startsWith("|")) {
                blocks.add(new Block(i + 1, List.of(line), true));
            } else if (!line.isBlank() && !line.strip().startsWith("#")) {
                int end = i + 1;
                while (end < lines.size()
                        && !lines.get(end).isBlank()
                        && !MARKDOWN_BLOCK_START.matcher(lines.get(end)).matches()) {
                    end++;
                }
                blocks.add(new Block(i + 1, lines.subList(i, end), false));
                i = end - 1;
            }
        }
        return sentences(document, blocks);
    }

    /** The sentences of a Java source's javadoc comments. */
    public static List<Sentence> javadoc(String document, String source) {
        List<String> lines = source.lines().toList();
        List<Block> blocks = new ArrayList<>();
        List<String> current = new ArrayList<>();
        int first = 0;
        boolean inComment = false;
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i).strip();
            inComment |= raw.startsWith("/**");
            String content = inComment
                    ? raw.replaceFirst("^/\\*\\*\\s?", "")
                            .replaceFirst("^\\*(?!/)\\s?", "")
                            .replaceFirst("\\*/$", "")
                            .strip()
                    : "";
            boolean ends = !inComment
                    || content.isBlank()
                    || JAVADOC_BLOCK_START.matcher(content).matches();
            if (ends && !current.isEmpty()) {
                blocks.add(new Block(first, List.copyOf(current), false));
                current.clear();
            }
            if (inComment && !content.isBlank()) {
                if (current.isEmpty()) {
                    first = i + 1;
                }
                current.add(content);
            }
            if (raw.endsWith("*/")) {
                inComment = false;
                if (!current.isEmpty()) {
                    blocks.add(new Block(first, List.copyOf(current), false));
                    current.clear();
                }
            }
        }
        return sentences(document, blocks, SentenceText::javadoc);
    }

    private static List<Sentence> sentences(String document, List<Block> blocks) {
        List<Sentence> out = new ArrayList<>();
        for (Block b : blocks) {
            out.addAll(split(document, b, b.tableRow() ? SentenceText::tableRow : SentenceText::markdown));
        }
        return out;
    }

    private static List<Sentence> sentences(String document, List<Block> blocks, UnaryOperator<String> clean) {
        List<Sentence> out = new ArrayList<>();
        blocks.forEach(b -> out.addAll(split(document, b, clean)));
        return out;
    }

    /** Each anchor of a block starts a sentence that runs to the next anchor, or is the whole row of a table. */
    private static List<Sentence> split(String document, Block block, UnaryOperator<String> clean) {
        StringBuilder text = new StringBuilder();
        List<Integer> lineStarts = new ArrayList<>();
        for (String line : block.lines()) {
            lineStarts.add(text.length());
            text.append(line.strip()).append(' ');
        }
        Matcher m = ANCHOR.matcher(text);
        List<Integer> starts = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        while (m.find()) {
            starts.add(m.start());
            ends.add(m.end());
            ids.add(m.group(1));
        }
        List<Sentence> out = new ArrayList<>();
        for (int k = 0; k < ids.size(); k++) {
            int stop = k + 1 < ids.size() ? starts.get(k + 1) : text.length();
            String own = block.tableRow() ? text.toString() : text.substring(ends.get(k), stop);
            int line = block.firstLine();
            for (int l = 0; l < lineStarts.size() && lineStarts.get(l) <= starts.get(k); l++) {
                line = block.firstLine() + l;
            }
            out.add(new Sentence(ids.get(k), document, line, clean.apply(own)));
        }
        return out;
    }
}
