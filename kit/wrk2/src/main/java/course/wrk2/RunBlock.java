package course.wrk2;

import java.util.List;

/**
 * The lines of one run as found in a file, with the wrk command line that the text put before it, if any.
 *
 * @param index 1-based position of the run in the file
 * @param lines the run's lines, blank lines left out
 * @param command the closest wrk command line above the run, or {@code null}
 * @param commandDirectlyAbove whether only blank lines and code fences separate the command from the run
 * @param commandSharedWith index of an earlier run that the same command line was already used for, or 0
 * @param next the first line after the run that ended it, or {@code null} at the end of the file
 * @param bareSpectrum whether the run starts with spectrum rows pasted without wrk2's title and column header (see
 *     {@link BareSpectrum})
 */
record RunBlock(
        int index,
        List<WrkLine> lines,
        WrkLine command,
        boolean commandDirectlyAbove,
        int commandSharedWith,
        WrkLine next,
        boolean bareSpectrum) {

    WrkLine first() {
        return lines.getFirst();
    }

    WrkLine last() {
        return lines.getLast();
    }
}
