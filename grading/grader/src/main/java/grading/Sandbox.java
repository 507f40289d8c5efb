package grading;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Wraps the test JVM's command so that it, and every node JVM it starts, runs inside ONE bubblewrap sandbox: a
 * network namespace of its own with only loopback (the test JVM and its nodes share it, nothing outside is
 * reachable), a pid namespace that dies with the grader, the whole file system read-only except a size-limited
 * temp dir, and only the workspace's jars and classes visible besides the system (never grading/ or the results
 * file). Resource limits come from prlimit; as root the run also drops to an unprivileged user of its own
 * ({@link RunUser}), because the kernel does not apply the process limit to root. Each tool is its path, or null where this machine lacks it (bwrap also when the
 * instructor said {@code --no-sandbox}); {@code root}: the grader runs as root.
 */
record Sandbox(String bwrap, String prlimit, String setpriv, boolean root) {
    static final Path INSIDE_WORKSPACE = Path.of("/grade");
    static final Path INSIDE_TMP = Path.of("/tmp");
    /**
     * A small filesystem of its own, empty at the start, for the hidden test of a full disk (s1-disk-full-507): a
     * node's working directory there fills up after a few MiB, which no test can make of the temp dir's.
     */
    static final Path INSIDE_SMALL_DISK = Path.of("/small-disk");

    static final long SMALL_DISK_BYTES = 32L << 20;

    /** How long a trivial command may take to start and end in the sandbox before it counts as not working. */
    private static final long CHECK_SECONDS = 30;

    static Sandbox detect() {
        return new Sandbox(
                which("bwrap"), which("prlimit"), which("setpriv"), "root".equals(System.getProperty("user.name")));
    }

    /**
     * The sandbox a grade runs in: this machine's, once a command has run in it; or none, when {@code wanted} is
     * false ({@code --no-sandbox}). A sandbox that does not work is a GradeException that says why and what to do.
     */
    static Sandbox forGrade(boolean wanted) {
        Sandbox found = detect();
        if (!wanted) {
            return found.withoutBwrap();
        }
        String problem = found.problem();
        if (problem != null) {
            throw new GradeException("the bubblewrap sandbox does not work on this machine (" + problem + "), and "
                    + "without it the submission's code could reach the network, the files and other processes; "
                    + "install bubblewrap ('apt-get install -y bubblewrap') where unprivileged user namespaces are "
                    + "allowed, or grade with --no-sandbox to run it unsandboxed (the grade then says so)");
        }
        return found;
    }

    Sandbox withoutBwrap() {
        return new Sandbox(null, prlimit, setpriv, root);
    }

    /**
     * Why this sandbox cannot contain a submission, or null when a trivial command ran in it with the options a grade
     * uses. Being on PATH proves nothing: in many containers bwrap is installed and fails (no user namespaces).
     */
    String problem() {
        if (bwrap == null) {
            return "bwrap is not installed";
        }
        Path workspace = null;
        Path output = null;
        try {
            workspace = Files.createTempDirectory("course-sandbox-check-");
            // As root the sandbox runs as an unprivileged user (see wrap), who must be able to enter the folder it
            // binds.
            Files.setPosixFilePermissions(workspace, PosixFilePermissions.fromString("rwxr-xr-x"));
            output = Files.createTempFile("course-sandbox-check-", ".txt");
            String trueCommand = Files.isExecutable(Path.of("/usr/bin/true")) ? "/usr/bin/true" : "/bin/true";
            OptionalInt exit = ProcessTrees.exitWithin(
                    wrap(List.of(trueCommand), workspace, workspace, Limits.standard()), output, CHECK_SECONDS);
            if (exit.isEmpty()) {
                return "a command run in it did not end within " + CHECK_SECONDS + " s";
            }
            if (exit.getAsInt() != 0) {
                String said = String.join(
                        " ",
                        Files.readString(output, StandardCharsets.UTF_8).trim().split("\\s+"));
                return "a command run in it exited with code " + exit.getAsInt()
                        + (said.isEmpty() ? "" : ": " + (said.length() > 300 ? said.substring(0, 300) + "..." : said));
            }
            return null;
        } catch (IOException e) {
            return "cannot start '" + bwrap + "': " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while trying it";
        } finally {
            for (Path p : new Path[] {output, workspace}) {
                if (p != null) {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException ignored) {
                        // a leftover empty temp file or folder; the check's answer stands
                    }
                }
            }
        }
    }

    boolean isolated() {
        return bwrap != null;
    }

    /** What the grade should say about how the submission was contained. */
    List<String> notes(Limits limits) {
        List<String> notes = new ArrayList<>();
        if (bwrap == null) {
            notes.add("--no-sandbox: the tests ran WITHOUT a sandbox (network, file system and other processes were "
                    + "reachable)");
        } else {
            notes.add("sandbox: bubblewrap, loopback-only network, read-only file system, " + (limits.tmpBytes() >> 20)
                    + " MiB temp dir" + (root && setpriv != null ? ", a user of its own" : ""));
        }
        if (prlimit == null) {
            notes.add("prlimit was not found: no process or address-space limit (install util-linux)");
        } else if (root && (bwrap == null || setpriv == null)) {
            notes.add("running as root without setpriv: the process limit (" + limits.processes()
                    + ") is not enforced by the kernel");
        }
        return notes;
    }

    /**
     * The full command: limits, then the sandbox, then {@code command}. {@code workspace} is mounted read-only at
     * {@link #INSIDE_WORKSPACE}; without bubblewrap it stays where it is and {@code hostTmp} is the temp dir.
     */
    List<String> wrap(List<String> command, Path workspace, Path hostTmp, Limits limits) {
        return wrap(command, workspace, hostTmp, limits, null);
    }

    /**
     * {@link #wrap}, with {@code writable} (a folder of the workspace, or null) writable from inside where the rest of
     * the workspace is read-only: for what one sandbox leaves for the next ({@link NodeStartTraining}).
     */
    List<String> wrap(List<String> command, Path workspace, Path hostTmp, Limits limits, Path writable) {
        List<String> full = new ArrayList<>();
        if (root && bwrap != null && setpriv != null) {
            int user = RunUser.next();
            full.addAll(List.of(setpriv, "--reuid=" + user, "--regid=" + user, "--clear-groups"));
        }
        if (prlimit != null) {
            full.addAll(List.of(
                    prlimit,
                    "--nproc=" + limits.processes(),
                    "--as=" + limits.addressSpaceBytes(),
                    "--core=0",
                    "--fsize=" + limits.tmpBytes(),
                    "--"));
        }
        if (bwrap == null) {
            full.addAll(command);
            return full;
        }
        full.addAll(List.of(bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--ro-bind", "/usr", "/usr"));
        for (String dir : List.of("/bin", "/sbin", "/lib", "/lib64", "/lib32")) {
            Path p = Path.of(dir);
            if (Files.isSymbolicLink(p)) {
                try {
                    full.addAll(List.of("--symlink", Files.readSymbolicLink(p).toString(), dir));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else if (Files.isDirectory(p)) {
                full.addAll(List.of("--ro-bind", dir, dir));
            }
        }
        // /etc for the resolver (localhost) and the JDK's security files; secrets there are not readable by nobody.
        full.addAll(List.of("--ro-bind", "/etc", "/etc"));
        String javaHome = System.getProperty("java.home");
        if (!javaHome.startsWith("/usr/")) {
            full.addAll(List.of("--ro-bind", javaHome, javaHome));
        }
        full.addAll(List.of("--ro-bind", workspace.toString(), INSIDE_WORKSPACE.toString()));
        if (writable != null) {
            full.addAll(List.of(
                    "--bind", writable.toString(), inside(workspace, writable).toString()));
        }
        full.addAll(List.of(
                "--proc",
                "/proc",
                "--dev",
                "/dev",
                "--size",
                String.valueOf(limits.tmpBytes()),
                "--tmpfs",
                INSIDE_TMP.toString(),
                "--size",
                String.valueOf(SMALL_DISK_BYTES),
                "--tmpfs",
                INSIDE_SMALL_DISK.toString(),
                "--chdir",
                INSIDE_TMP.toString(),
                "--clearenv",
                "--setenv",
                "PATH",
                "/usr/bin:/bin",
                "--setenv",
                "HOME",
                INSIDE_TMP.toString(),
                "--setenv",
                "MALLOC_ARENA_MAX",
                "2",
                "--setenv",
                "LANG",
                "C.UTF-8"));
        full.addAll(command);
        return full;
    }

    /** A classpath of the workspace's files as a JVM inside sees it, for its {@code -cp}. */
    String classpathInside(Path workspace, List<Path> classpath) {
        return String.join(
                ":",
                classpath.stream().map(p -> inside(workspace, p).toString()).toList());
    }

    /** Where the workspace's files are seen from inside. */
    Path inside(Path workspace, Path file) {
        return bwrap == null ? file : INSIDE_WORKSPACE.resolve(workspace.relativize(file));
    }

    /** The small filesystem the tests see ({@link #INSIDE_SMALL_DISK}), or null without bubblewrap. */
    Path smallDiskInside() {
        return bwrap == null ? null : INSIDE_SMALL_DISK;
    }

    Path tmpInside(Path hostTmp) {
        return bwrap == null ? hostTmp : INSIDE_TMP;
    }

    private static String which(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin")) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
