package course.load;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Bridges the kit's value parsers (which throw {@link UsageException}) to picocli's usage errors. */
final class Cli {
    /** A value parser of the kit. */
    interface Parser<T> {
        T parse() throws UsageException;
    }

    private Cli() {
    }

    /** The parsed value, or picocli's usage error carrying the parser's message (the command exits 2). */
    static <T> T valid(CommandSpec spec, Parser<T> parser) {
        try {
            return parser.parse();
        } catch (UsageException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
