package grading;

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

    /** Whether item {@code index} is in third {@code third} (0, 1 or 2), items dealt in turn. */
    public static boolean dealtInTurn(int index, int third) {
        return index % 3 == third;
    }
}
