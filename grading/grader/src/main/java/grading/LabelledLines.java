package grading;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Progress of one of several test JVMs that print to one stream ({@link TestLanes}): each line goes on whole, with a
 * label in front, so two JVMs' lines never mix within a line and a reader can tell them apart (each JVM counts its
 * seconds from its own start).
 */
final class LabelledLines extends OutputStream {
    private final PrintStream target;
    private final String label;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    private LabelledLines(PrintStream target, String label) {
        this.target = target;
        this.label = label;
    }

    static PrintStream of(PrintStream target, String label) {
        return new PrintStream(new LabelledLines(target, label), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            target.println(label + line.toString(StandardCharsets.UTF_8));
            line.reset();
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    /** A line without its end yet stays until its end comes: only whole lines reach the target. */
    @Override
    public void flush() {
        target.flush();
    }
}
