package course.wrk2;

import java.util.List;

/**
 * Tells whether rows of numbers pasted without wrk2's "Detailed Percentile spectrum" title and column header are such
 * a spectrum. Reports often keep only the rows; but a table of four numbers per line is common in a report, so the
 * rows count as a spectrum only when they have its whole shape: at least {@link #MIN_ROWS} rows of value (ms),
 * percentile (0..1), total count and 1/(1-percentile), where value, percentile and count never decrease and the fourth
 * column is the one wrk2 computes from the second ("inf" at 1.000000).
 */
final class BareSpectrum {
    /** Fewer rows than wrk2 prints for even a short run (it prints ~10 per halving of the tail) say too little. */
    static final int MIN_ROWS = 10;
    /** Half a unit of the sixth decimal that wrk2 prints the percentile with. */
    private static final double PERCENTILE_ROUNDING = 0.5e-6;
    /** Half a unit of the second decimal that wrk2 prints 1/(1-percentile) with. */
    private static final double INVERSE_ROUNDING = 0.005;

    private static final double SLACK = 1e-9;

    private record Row(double ms, double percentile, long count, double inverse) {}

    private BareSpectrum() {}

    /** Whether {@code rows} (spectrum-row lines, blank lines left out) are a whole-shaped wrk2 spectrum. */
    static boolean isSpectrum(List<WrkLine> rows) {
        if (rows.size() < MIN_ROWS) {
            return false;
        }
        Row previous = null;
        for (WrkLine line : rows) {
            Row row = read(line);
            if (row == null || !inverseMatches(row)) {
                return false;
            }
            if (previous != null
                    && (row.ms < previous.ms || row.percentile < previous.percentile || row.count < previous.count)) {
                return false;
            }
            previous = row;
        }
        return true;
    }

    /** Whether a row ends a spectrum: wrk2's last row is the one whose fourth column is "inf". */
    static boolean isLastRow(WrkLine line) {
        String[] columns = line.text().split("\\s+");
        return columns.length == 4 && columns[3].equals("inf");
    }

    /** The row's four columns, or {@code null} when it does not have exactly four readable ones. */
    private static Row read(WrkLine line) {
        if (line.kind() != LineKind.SPECTRUM_ROW || line.malformed()) {
            return null;
        }
        String[] columns = line.text().split("\\s+");
        if (columns.length != 4) {
            return null;
        }
        try {
            double inverse = columns[3].equals("inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(columns[3]);
            return new Row(
                    Double.parseDouble(columns[0]),
                    Double.parseDouble(columns[1]),
                    Long.parseLong(columns[2]),
                    inverse);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Whether the fourth column is 1/(1-p) for the printed p, allowing for both columns' rounding: going back from it,
     * p = 1 - 1/inverse must agree with the second column to within the rounding of each ("inf" is p = 1).
     */
    private static boolean inverseMatches(Row row) {
        if (row.percentile < 0 || row.percentile > 1 || row.inverse < 1 - INVERSE_ROUNDING) {
            return false;
        }
        double fromInverse = Double.isInfinite(row.inverse) ? 1.0 : 1 - 1 / row.inverse;
        double tolerance = PERCENTILE_ROUNDING + INVERSE_ROUNDING / (row.inverse * row.inverse) + SLACK;
        return Math.abs(row.percentile - fromInverse) <= tolerance;
    }
}
