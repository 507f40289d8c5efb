package grading;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;

/**
 * How the long checks of grading/checks are dealt to surefire's three forks (its pom): each long check is three test
 * classes, one per third of its items, so that no fork is left with a whole check when the others are done. As two
 * halves, the hidden tests' check (290 s) began when the odd stages' public tests ended and ran alone for its last
 * 80 s, the module's last 80 s.
 */
public final class Thirds {
    private Thirds() {}

    /**
     * Whether item {@code index} of {@code count} is in third {@code third} (0, 1 or 2) when items cost more along the
     * list (a stage's public tests include every earlier stage's): first and last item go together, then second and
     * second-to-last, and so on, the pairs dealt in turn.
     */
    public static boolean pairedFromBothEnds(int index, int count, int third) {
        return Math.min(index, count - 1 - index) % 3 == third;
    }

    /**
     * The third (0, 1 or 2) of each item when items of known cost are dealt longest first, each to the third that
     * holds the least so far (ties: the lower third, items in the map's order): for checks whose items' costs do not
     * follow their order. A cost that has drifted only makes the thirds less even.
     */
    public static <T> Map<T, Integer> longestFirst(SequencedMap<T, Integer> costs) {
        List<T> items = new ArrayList<>(costs.keySet());
        items.sort(Comparator.comparing(costs::get).reversed()); // stable: equal costs keep the map's order
        long[] held = new long[3];
        Map<T, Integer> third = new LinkedHashMap<>();
        for (T item : items) {
            int least = 0;
            for (int t = 1; t < 3; t++) {
                if (held[t] < held[least]) {
                    least = t;
                }
            }
            held[least] += costs.get(item);
            third.put(item, least);
        }
        return third;
    }

    /** Whether item {@code index} is in third {@code third} (0, 1 or 2), items dealt in turn. */
    public static boolean dealtInTurn(int index, int third) {
        return index % 3 == third;
    }
}
