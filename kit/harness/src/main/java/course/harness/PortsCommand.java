package course.harness;

import course.command.CourseCommand;
import course.command.OptionValues;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** The command line of {@code java course.harness.Ports [N]} (see {@link Ports#main}). */
@Command(
        name = "java course.harness.Ports",
        synopsisHeading = "",
        customSynopsis = "usage: java course.harness.Ports [N]%n",
        description = {
            "Prints N free TCP ports of the loopback interface on one line, separated by spaces, for"
                    + " scripts (the demo) that start nodes themselves.",
            ""
        })
final class PortsCommand extends CourseCommand {
    private int count = 1;

    @Parameters(arity = "0..1", paramLabel = "N", description = "How many ports, 1 to 64 (default 1).")
    void count(String value) {
        count = OptionValues.intBetween("N", value, 1, 64);
    }

    @Override
    public Integer call() {
        System.out.println(
                String.join(" ", Ports.free(count).stream().map(String::valueOf).toList()));
        return 0;
    }
}
