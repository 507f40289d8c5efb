package course.profiler;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/** Finds the process that listens on a local TCP port, so a node can be named by its port instead of its pid. */
public final class PortOwner {
    private static final String LISTEN = "0A";

    private PortOwner() {}

    /** The pid listening on this TCP port, or an IOException saying why there is none (or more than one). */
    public static long pidListeningOn(int port) throws IOException {
        if (port < 1 || port > 65535) {
            throw new IOException("port must be between 1 and 65535, got " + port);
        }
        Set<Long> pids = Files.isDirectory(Path.of("/proc/net")) ? fromProc(port) : fromLsof(port);
        if (pids.size() > 1) {
            throw new IOException("several processes listen on port " + port + " (pids " + pids + "); use --pid");
        }
        return pids.iterator().next();
    }

    /** Linux: listening sockets from /proc/net/tcp{,6} by inode, then the process whose fd points at that inode. */
    private static Set<Long> fromProc(int port) throws IOException {
        Set<String> inodes = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path path = Path.of(table);
            if (Files.isReadable(path)) {
                inodes.addAll(listeningInodes(Files.readAllLines(path), port));
            }
        }
        if (inodes.isEmpty()) {
            throw new IOException(nothingListens(port));
        }
        Set<Long> pids = new TreeSet<>();
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path process : processes) {
                if (ownsSocket(process, inodes)) {
                    pids.add(Long.parseLong(process.getFileName().toString()));
                }
            }
        }
        if (pids.isEmpty()) {
            throw new IOException("port " + port + " is open, but by a process this user cannot see (another user's"
                    + " or a container's); give its pid with --pid");
        }
        return pids;
    }

    /** Inodes of sockets in LISTEN state on the port, from the lines of a /proc/net/tcp table. */
    static Set<String> listeningInodes(List<String> table, int port) {
        String hexPort = String.format(Locale.ROOT, "%04X", port);
        Set<String> inodes = new HashSet<>();
        for (String line : table) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length < 10 || !fields[0].endsWith(":")) {
                continue; // the header line
            }
            String local = fields[1];
            if (local.substring(local.indexOf(':') + 1).equalsIgnoreCase(hexPort)
                    && fields[3].equals(LISTEN)
                    && !fields[9].equals("0")) {
                inodes.add(fields[9]);
            }
        }
        return inodes;
    }

    private static boolean ownsSocket(Path process, Set<String> inodes) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
            for (Path fd : fds) {
                String target = readLink(fd);
                if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
                    return true;
                }
            }
        } catch (IOException | SecurityException e) {
            return false; // another user's process, or one that just exited
        }
        return false;
    }

    private static String readLink(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
            return "";
        }
    }

    /** macOS and other systems without procfs: ask lsof. */
    private static Set<Long> fromLsof(int port) throws IOException {
        Process lsof;
        try {
            lsof = new ProcessBuilder("lsof", "-nP", "-iTCP:" + port, "-sTCP:LISTEN", "-t")
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new IOException(
                    "cannot look up the owner of port " + port + ": lsof is not available (" + e.getMessage()
                            + "); give the node's pid with --pid (see 'jps -l')",
                    e);
        }
        String output = new String(lsof.getInputStream().readAllBytes(), UTF_8).trim();
        try {
            if (!lsof.waitFor(10, TimeUnit.SECONDS)) {
                lsof.destroyForcibly();
                throw new IOException("lsof did not answer within 10 s; give the node's pid with --pid");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking lsof about port " + port, e);
        }
        Set<Long> pids = new TreeSet<>();
        for (String line : output.split("\\R")) {
            if (line.matches("\\d+")) {
                pids.add(Long.parseLong(line));
            }
        }
        if (pids.isEmpty()) {
            throw new IOException(nothingListens(port));
        }
        return pids;
    }

    private static String nothingListens(int port) {
        return "nothing listens on TCP port " + port + " on this machine; is the node running (./course run)?";
    }
}
