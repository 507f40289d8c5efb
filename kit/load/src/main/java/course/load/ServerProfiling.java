package course.load;

import course.profiler.PortOwner;
import course.profiler.Profiler;
import course.profiler.Profiling;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --profile}: async-profiler on the server JVM for exactly the load run, via the kit's profiler. The flame
 * graphs go next to the run's files, in {@code X-profile/}.
 */
final class ServerProfiling implements AutoCloseable {
    private final Profiling session;
    private boolean finished;

    private ServerProfiling(Profiling session) {
        this.session = session;
    }

    /** Starts profiling when --profile was given; otherwise returns one that does nothing. */
    static ServerProfiling start(LoadOptions o, RunFiles files, PrintStream err) throws IOException {
        if (o.profile().isEmpty()) {
            return new ServerProfiling(null);
        }
        long pid = o.serverPid() != null ? o.serverPid() : pidOf(o, err);
        Path dir = files.sibling("-profile");
        err.println("course load: profiling " + String.join(",", o.profile()) + " of pid " + pid + " into " + dir);
        try {
            return new ServerProfiling(Profiler.start(pid, o.profile(), dir));
        } catch (IOException e) {
            throw new IOException("cannot profile pid " + pid + ": " + e.getMessage(), e);
        }
    }

    private static long pidOf(LoadOptions o, PrintStream err) throws IOException {
        Target first = o.targets().get(0);
        if (o.targets().size() > 1) {
            err.println("note: --profile profiles one JVM: the one listening on " + first.url()
                    + "; give --server-pid to choose another");
        }
        try {
            return PortOwner.pidListeningOn(first.port());
        } catch (IOException | RuntimeException e) {
            throw new IOException(
                    "cannot find the server JVM on port " + first.port() + " to profile (" + e.getMessage()
                            + "); pass --server-pid PID",
                    e);
        }
    }

    /** Stops the profiler, prints where the flame graphs are and returns them (empty without --profile). */
    List<Path> finish(PrintStream out) throws IOException {
        if (session == null || finished) {
            return List.of();
        }
        finished = true;
        List<Path> graphs = session.stop();
        for (Path graph : graphs) {
            out.println("Flame graph: " + graph);
        }
        for (String note : session.notes()) {
            out.println("note: " + note);
        }
        return graphs;
    }

    @Override
    public void close() throws IOException {
        if (session != null && !finished) {
            finished = true;
            session.close();
        }
    }
}
