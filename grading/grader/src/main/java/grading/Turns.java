package grading;

/**
 * Which of two sides measured side by side may load the machine next. A side asks before each run that loads it
 * and is done when its JVM ends; a side is granted a run only when the other is asking or done, never while the
 * other starts its nodes or runs, and the two take turns while both ask. So the submission's steps and the
 * reference's alternate within seconds of each other, and a host that is slower for a minute (this VM's steal-free
 * slowdowns held a stage-6 node at 2.7k requests/s for ten minutes and at 3.75k before and after) is slower for
 * both: the ratio, not either rate, is what the grade publishes.
 */
final class Turns {
    private final boolean[] asking = new boolean[2];
    private final boolean[] done = new boolean[2];
    private int last = 1;

    /** One side's place at the turns: side 0 (the submission, first) or 1. */
    record Seat(Turns turns, int side) {
        void ask() {
            turns.ask(side);
        }

        void done() {
            turns.done(side);
        }
    }

    Seat seat(int side) {
        return new Seat(this, side);
    }

    /** Side {@code side} (0 or 1) waits to load the machine. */
    synchronized void ask(int side) {
        asking[side] = true;
        notifyAll();
    }

    /** Side {@code side} has ended: it asks for nothing more. */
    synchronized void done(int side) {
        done[side] = true;
        asking[side] = false;
        notifyAll();
    }

    /**
     * Waits until a side may run and grants it its run: the side that did not go last when both ask, the one asking
     * when the other is done. Returns the side granted, or -1 once both are done or at {@code deadlineNanos}
     * ({@link System#nanoTime}).
     */
    synchronized int next(long deadlineNanos) throws InterruptedException {
        while (!(done[0] && done[1])) {
            boolean settled0 = asking[0] || done[0];
            boolean settled1 = asking[1] || done[1];
            if (settled0 && settled1) {
                int pick = asking[1 - last] ? 1 - last : last;
                asking[pick] = false;
                last = pick;
                return pick;
            }
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return -1;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return -1;
    }
}
