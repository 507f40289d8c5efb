package grading;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A sandboxed JVM and everything it starts. bubblewrap's outer process exits as soon as the sandboxed command does,
 * before the kernel has finished killing the rest of the sandbox's pid namespace (seen here: 198 of 900 processes
 * still alive right after bwrap returned), so "the process ended" does not mean "the submission ended". This
 * remembers the namespace while the sandbox runs and, at the end, kills and waits until nothing is left in it;
 * otherwise the leftovers would count against the next run's process limit (RLIMIT_NPROC is per user).
 */
final class ContainedProcess {
    private static final Path PROC = Path.of("/proc");

    private final Process process;
    private final String hostNamespace;
    private volatile String sandboxNamespace;
    private final Thread finder;

    private ContainedProcess(Process process) {
        this.process = process;
        this.hostNamespace = namespaceOf("self");
        this.finder = Thread.ofPlatform().daemon().name("sandbox-namespace").start(this::findNamespace);
    }

    static ContainedProcess start(ProcessBuilder builder) throws IOException {
        return new ContainedProcess(builder.start());
    }

    Process process() {
        return process;
    }

    /** The sandbox's pid namespace ("pid:[inode]"), once seen; null without a sandbox or before it started. */
    String sandboxNamespace() {
        return sandboxNamespace;
    }

    /** Kills whatever is left of the run and waits for it; returns how many processes could not be ended. */
    int end(Duration patience) throws InterruptedException {
        ProcessTrees.kill(process);
        finder.interrupt();
        finder.join(1000);
        String ns = sandboxNamespace;
        if (ns == null) {
            return 0;
        }
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            List<ProcessHandle> left = processesIn(ns);
            if (left.isEmpty()) {
                return 0;
            }
            if (System.nanoTime() > deadline) {
                return left.size();
            }
            left.forEach(ProcessHandle::destroyForcibly);
            Thread.sleep(20);
        }
    }

    /**
     * Sends {@code signal} ("STOP", "CONT") to every process of the run: the sandbox's pid namespace, or without a
     * sandbox the process and its descendants. Returns whether {@code kill} took it; false where there is no
     * {@code kill} on the PATH or it refused.
     */
    boolean signalAll(String signal) throws InterruptedException {
        String ns = sandboxNamespace;
        List<ProcessHandle> members = ns == null
                ? Stream.concat(
                                Stream.of(process.toHandle()),
                                process.toHandle().descendants())
                        .toList()
                : processesIn(ns);
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        members.stream().filter(ProcessHandle::isAlive).forEach(h -> command.add(String.valueOf(h.pid())));
        if (command.size() == 2) {
            return true;
        }
        try {
            Process kill = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** The sandbox's first process is the outer bwrap's child; its namespace is the one all others share. */
    private void findNamespace() {
        while (sandboxNamespace == null
                && process.isAlive()
                && !Thread.currentThread().isInterrupted()) {
            process.toHandle()
                    .descendants()
                    .map(h -> namespaceOf(String.valueOf(h.pid())))
                    .filter(ns -> ns != null && !ns.equals(hostNamespace))
                    .findFirst()
                    .ifPresent(ns -> sandboxNamespace = ns);
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static List<ProcessHandle> processesIn(String ns) {
        try (Stream<Path> entries = Files.list(PROC)) {
            return entries.map(p -> p.getFileName().toString())
                    .filter(name -> !name.isEmpty() && name.chars().allMatch(Character::isDigit))
                    .filter(pid -> ns.equals(namespaceOf(pid)))
                    .flatMap(pid -> ProcessHandle.of(Long.parseLong(pid)).stream())
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String namespaceOf(String pid) {
        try {
            return Files.readSymbolicLink(PROC.resolve(pid).resolve("ns").resolve("pid"))
                    .toString();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null; // gone, or not ours to read: neither is a process of the sandbox we can end
        }
    }
}
