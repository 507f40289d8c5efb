package grading.mutants.coverage;

/**
 * One normative sentence of a statement or of the contract's javadoc: the text after an anchor
 * {@code <a id="ID"></a>} up to the next anchor or the end of its paragraph, list item or table row.
 *
 * @param document the file it is in, relative to the repository's root
 * @param line     its line there, from 1
 */
public record Sentence(String id, String document, int line, String text) {}
