package course.command;

import picocli.CommandLine.Option;

/** {@code -h/--help} for every command (picocli's standard mixin would add a {@code --version} we have nothing for). */
public final class HelpOption {
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;
}
