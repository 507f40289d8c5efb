package course.wrk2;

import java.util.ArrayList;
import java.util.List;

/**
 * Groups classified lines into runs. A run is a stretch of wrk2 lines; prose, a code fence or a command line ends it,
 * and so does a line that wrk2 would print earlier in a run than what the run has already shown (a second
 * "Latency Distribution", a percentile list starting over), which is how runs pasted back to back without their
 * "Running ..." header are told apart. Spectrum rows outside any run are held back until they end: if they have a
 * spectrum's whole shape ({@link BareSpectrum}) they become a run of their own, otherwise they are some other table.
 */
// LineKind is declared in the order its parts come in a wrk2 output; that order is compared.
@SuppressWarnings("EnumOrdinal")
final class BlockSplitter {
    private final List<RunBlock> blocks = new ArrayList<>();
    private List<WrkLine> current;
    private WrkLine currentCommand;
    private boolean currentCommandDirectlyAbove;
    private int currentCommandSharedWith;
    private LineKind furthest;
    private double lastPercentile;
    private boolean percentilesComplete;
    private boolean currentBare;
    /** Spectrum rows seen while no run was open, not yet known to be a spectrum. */
    private final List<WrkLine> bareRows = new ArrayList<>();

    private WrkLine command;
    private int commandUsedBy;
    /** Whether only blank lines and fences came since the last command line. */
    private boolean onlyGapSinceCommand;

    private BlockSplitter() {}

    static List<RunBlock> split(List<WrkLine> lines) {
        BlockSplitter splitter = new BlockSplitter();
        for (WrkLine line : lines) {
            splitter.accept(line);
        }
        splitter.endBareRows(null);
        splitter.close(null);
        return splitter.blocks;
    }

    private void accept(WrkLine line) {
        if (!bareRows.isEmpty() && continuesBareRows(line)) {
            return;
        }
        switch (line.kind()) {
            case BLANK -> {}
            case FENCE -> close(line);
            case COMMAND -> {
                close(line);
                command = line;
                commandUsedBy = 0;
                onlyGapSinceCommand = true;
            }
            case OTHER -> {
                close(line);
                onlyGapSinceCommand = false;
            }
            default -> acceptRunLine(line);
        }
    }

    private void acceptRunLine(WrkLine line) {
        if (current != null && startsNextRun(line) && line.kind().startsRun) {
            close(line);
        }
        if (current == null) {
            if (line.kind() == LineKind.SPECTRUM_ROW) {
                bareRows.add(line);
                return;
            }
            if (!line.kind().startsRun) {
                // A stray "Transfer/sec:" with no run around it says nothing on its own.
                onlyGapSinceCommand = false;
                return;
            }
            open();
        }
        append(line);
        if (line.kind() == LineKind.TRANSFER_PER_SEC) {
            close(null);
        }
    }

    private void append(WrkLine line) {
        current.add(line);
        if (furthest == null || line.kind().ordinal() > furthest.ordinal()) {
            furthest = line.kind();
        }
        if (line.kind() == LineKind.PERCENTILE && !line.malformed()) {
            lastPercentile = Double.parseDouble(line.value(0));
            percentilesComplete = lastPercentile >= 100.0;
        }
    }

    /**
     * Whether {@code line} continues the held-back spectrum rows: a blank line or a further row does, unless the last
     * row was already the spectrum's final "inf" row (a second spectrum pasted right after the first). Any other line
     * ends them; a '#[Mean = ...]' footer ends them as the rest of their run.
     */
    private boolean continuesBareRows(WrkLine line) {
        if (line.kind() == LineKind.BLANK) {
            return true;
        }
        if (line.kind() == LineKind.SPECTRUM_ROW && !BareSpectrum.isLastRow(bareRows.getLast())) {
            bareRows.add(line);
            return true;
        }
        if (line.kind() == LineKind.FOOTER_MEAN && BareSpectrum.isSpectrum(bareRows)) {
            openBare();
        } else {
            endBareRows(line);
        }
        return false;
    }

    /** Ends the held-back rows before {@code next}: a run if they are a spectrum, otherwise nothing. */
    private void endBareRows(WrkLine next) {
        if (bareRows.isEmpty()) {
            return;
        }
        if (BareSpectrum.isSpectrum(bareRows)) {
            openBare();
            close(next);
        } else {
            // Some other table of numbers: like prose, it separates a command line from the run below it.
            bareRows.clear();
            onlyGapSinceCommand = false;
        }
    }

    private void openBare() {
        open();
        currentBare = true;
        bareRows.forEach(this::append);
        bareRows.clear();
    }

    private boolean startsNextRun(WrkLine line) {
        LineKind kind = line.kind();
        if (kind.ordinal() < furthest.ordinal()) {
            return true;
        }
        if (kind == LineKind.PERCENTILE) {
            return percentilesComplete || (!line.malformed() && Double.parseDouble(line.value(0)) <= lastPercentile);
        }
        return kind.oncePerRun && current.stream().anyMatch(l -> l.kind() == kind);
    }

    private void open() {
        current = new ArrayList<>();
        furthest = null;
        lastPercentile = -1;
        percentilesComplete = false;
        currentBare = false;
        currentCommand = command;
        currentCommandDirectlyAbove = command != null && onlyGapSinceCommand;
        currentCommandSharedWith = commandUsedBy;
        if (command != null && commandUsedBy == 0) {
            commandUsedBy = blocks.size() + 1;
        }
        onlyGapSinceCommand = false;
    }

    private void close(WrkLine next) {
        if (current == null) {
            return;
        }
        blocks.add(new RunBlock(
                blocks.size() + 1,
                List.copyOf(current),
                currentCommand,
                currentCommandDirectlyAbove,
                currentCommandSharedWith,
                next,
                currentBare));
        current = null;
    }
}
