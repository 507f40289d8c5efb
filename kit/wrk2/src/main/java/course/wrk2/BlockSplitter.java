package course.wrk2;

import java.util.ArrayList;
import java.util.List;

/**
 * Groups classified lines into runs. A run is a stretch of wrk2 lines; prose, a code fence or a command line ends it,
 * and so does a line that wrk2 would print earlier in a run than what the run has already shown (a second
 * "Latency Distribution", a percentile list starting over), which is how runs pasted back to back without their
 * "Running ..." header are told apart.
 */
final class BlockSplitter {
    private final List<RunBlock> blocks = new ArrayList<>();
    private List<WrkLine> current;
    private WrkLine currentCommand;
    private boolean currentCommandDirectlyAbove;
    private int currentCommandSharedWith;
    private LineKind furthest;
    private double lastPercentile;
    private boolean percentilesComplete;

    private WrkLine command;
    private int commandUsedBy;
    /** Whether only blank lines and fences came since the last command line. */
    private boolean onlyGapSinceCommand;

    private BlockSplitter() {
    }

    static List<RunBlock> split(List<WrkLine> lines) {
        BlockSplitter splitter = new BlockSplitter();
        for (WrkLine line : lines) {
            splitter.accept(line);
        }
        splitter.close(null);
        return splitter.blocks;
    }

    private void accept(WrkLine line) {
        switch (line.kind()) {
            case BLANK -> {
            }
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
            if (!line.kind().startsRun) {
                // A stray "Transfer/sec:" or spectrum row with no run around it says nothing on its own.
                onlyGapSinceCommand = false;
                return;
            }
            open();
        }
        current.add(line);
        if (furthest == null || line.kind().ordinal() > furthest.ordinal()) {
            furthest = line.kind();
        }
        if (line.kind() == LineKind.PERCENTILE && !line.malformed()) {
            lastPercentile = Double.parseDouble(line.value(0));
            percentilesComplete = lastPercentile >= 100.0;
        }
        if (line.kind() == LineKind.TRANSFER_PER_SEC) {
            close(null);
        }
    }

    private boolean startsNextRun(WrkLine line) {
        LineKind kind = line.kind();
        if (kind.ordinal() < furthest.ordinal()) {
            return true;
        }
        if (kind == LineKind.PERCENTILE) {
            return percentilesComplete
                    || (!line.malformed() && Double.parseDouble(line.value(0)) <= lastPercentile);
        }
        return kind.oncePerRun && current.stream().anyMatch(l -> l.kind() == kind);
    }

    private void open() {
        current = new ArrayList<>();
        furthest = null;
        lastPercentile = -1;
        percentilesComplete = false;
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
        blocks.add(new RunBlock(blocks.size() + 1, List.copyOf(current), currentCommand, currentCommandDirectlyAbove,
                currentCommandSharedWith, next));
        current = null;
    }
}
