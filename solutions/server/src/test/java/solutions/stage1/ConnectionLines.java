package solutions.stage1;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The messages the reference's connection log ("solutions.connections") writes while this is open, in order. */
final class ConnectionLines extends Handler implements AutoCloseable {
    private final Logger log = Logger.getLogger("solutions.connections"); // held: JUL keeps its loggers weakly
    private final List<String> lines = new ArrayList<>();

    ConnectionLines() {
        log.addHandler(this);
    }

    @Override
    public synchronized void publish(LogRecord record) {
        lines.add(record.getMessage());
    }

    /** The lines written so far. */
    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        log.removeHandler(this);
    }
}
