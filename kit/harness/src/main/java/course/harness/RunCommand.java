package course.harness;

import course.command.CourseCommandLine;
import course.command.StageFacts;
import course.command.Stages;
import course.contract.ServiceConfig;
import course.runtime.Launcher;
import course.runtime.PortCheck;
import course.runtime.Submission;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./course run [--stage N | --factory CLASS] [--nodes K]}: starts a cluster, one JVM per node through
 * {@link Launcher} (the same path as process-mode tests and the grader), prints the URLs and a few curl examples,
 * and stops the nodes on Ctrl-C. Killing one node's pid with kill -9 leaves the others running. Without
 * {@code --stage} or {@code --factory} it runs the submission declared in submission.properties: students run their
 * own cluster the same way the course runs its references.
 */
public final class RunCommand {
    /** Exit code when a node's port is taken; the same as the launcher's. */
    static final int EXIT_PORT_TAKEN = Launcher.EXIT_BIND_FAILED;

    private RunCommand() {}

    public static void main(String[] args) throws Exception {
        RunOptions o = new RunOptions();
        Target target;
        try {
            if (CourseCommandLine.parse(o, args)) {
                System.out.print(CourseCommandLine.usage(new RunOptions()));
                return;
            }
            target = Target.of(o);
            if (o.nodes == null) {
                o.nodes = target.stage.nodes();
            }
            o.checked();
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("course run: " + e.getMessage() + " (see ./course run --help)");
            System.exit(2);
            return;
        }
        // Before any node starts: a forgotten ./course run on the same port is the usual reason, and the message
        // can then say which option moves this one.
        for (int i = 0; i < o.nodes; i++) {
            try {
                PortCheck.requireFree(o.port + i);
            } catch (PortCheck.PortTakenException e) {
                System.err.println("course run: " + portTaken(e.port(), o));
                System.exit(EXIT_PORT_TAKEN);
                return;
            }
        }
        // A directory of the run's own is deleted when the run stops: a new run never reads it, and each run of a
        // load test left about 500 MB in /tmp. --dir keeps the data, for a restart on it or a look at the files.
        Path temporary =
                o.dir != null ? null : Files.createTempDirectory("course-run-stage" + target.stage.number() + "-");
        Path dir = o.dir != null ? o.dir : temporary;
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < o.nodes; i++) {
            urls.add("http://localhost:" + (o.port + i));
        }
        List<String> cluster = urls.stream().sorted().toList();
        List<Process> processes = new ArrayList<>();
        boolean[] stopping = {false}; // guarded by processes
        // One secret for the nodes of this run, in their environment: a command line is visible to every user.
        String secret = ServiceConfig.newSecret();
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            List<Process> started;
                            synchronized (processes) {
                                stopping[0] = true;
                                started = List.copyOf(processes);
                            }
                            stopAll(started);
                            if (temporary != null) {
                                deleteOnStop(temporary);
                            }
                        },
                        "run-shutdown"));
        for (int i = 0; i < o.nodes; i++) {
            Path nodeDir = dir.resolve("node-" + i);
            Files.createDirectories(nodeDir);
            List<String> command = JavaCommand.node(o.heap, List.of(), o.port + i, nodeDir, cluster, target.factory);
            ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
            builder.environment().put(Launcher.SECRET_ENV, secret);
            Process p;
            // Started and listed in one step under the list's lock: Ctrl-C while the nodes start must stop every node
            // started so far (a TERM between two starts once left node 1 of 3 running, writing into the directory
            // the run was deleting).
            synchronized (processes) {
                if (stopping[0]) {
                    return;
                }
                p = builder.start();
                processes.add(p);
            }
            boolean[] ranOutOfMemory = {false};
            String ready = awaitReady(p, OutOfMemoryExit.message(o.port + i, o.heap), ranOutOfMemory);
            if (ready == null) {
                int code = p.waitFor(5, TimeUnit.SECONDS) ? p.exitValue() : -1;
                // The JVM's out-of-memory exit uses code 3 too; the line it printed tells them apart.
                if (code == Launcher.EXIT_BIND_FAILED && !ranOutOfMemory[0]) {
                    System.err.println("course run: node " + i + " did not start: " + portTaken(o.port + i, o));
                    System.exit(EXIT_PORT_TAKEN);
                }
                System.err.println("course run: node " + i + " on port " + (o.port + i) + " did not start (exit code "
                        + code + (ranOutOfMemory[0] ? ": out of memory while starting, try a larger --heap" : "")
                        + ")");
                System.exit(1);
            }
            System.out.println("node " + i + ": " + urls.get(i) + "  (pid " + p.pid() + ", data in " + nodeDir
                    + (temporary != null ? ", deleted when the run stops; --dir DIR keeps it" : "") + ")");
        }
        System.out.print(tryIt(target.stage, target.description, urls.get(0), o.nodes));
        for (Process p : processes) {
            p.waitFor();
        }
    }

    /**
     * What to try once the nodes run, from the stage's facts: its default ack/from spelled out in the examples so
     * a student sees the parameters, and a range request when the stage serves ranges.
     */
    static String tryIt(StageFacts stage, String description, String first, int nodes) {
        String params = stage.defaultReplication()
                .map(r -> "&ack=" + r.ack(nodes) + "&from=" + r.from(nodes))
                .orElse("");
        String text = """

                %s is running. Try:
                  curl -i -X PUT --data-binary 'hello' '%s/v0/entity?id=k1%s'
                  curl -i '%s/v0/entity?id=k1%s'
                  curl -i -X DELETE '%s/v0/entity?id=k1%s'
                Load-test it:  ./course load --url %s -R 2000 -d 10s --workload put
                Ctrl-C stops %s.
                """.formatted(
                description, first, params, first, params, first, params, first, nodes == 1 ? "the node" : "all nodes");
        if (stage.serves(StageFacts.RANGE_ENDPOINT)) {
            text += "Range of node 0's own keys (--raw shows the chunks):  curl --raw '%s/v0/entities?start=k'%n"
                    .formatted(first);
        }
        return text;
    }

    /** What run says when a node's port is taken: which port, the likely reason, and the option that moves it. */
    static String portTaken(int port, RunOptions o) {
        int suggested = o.port + o.nodes < 65536 - o.nodes ? o.port + o.nodes : 1024;
        return "port " + port + " is taken: another process listens on it (another ./course run still running?). "
                + "Stop that process, or choose other ports with --port, e.g. --port " + suggested
                + (o.nodes > 1 ? " (node i listens on PORT+i)" : "");
    }

    /**
     * Reads the node's stdout until READY; the rest of its output is forwarded, and the JVM's report that it exits
     * for lack of heap is followed by a line saying which node it was.
     */
    private static String awaitReady(Process p, String outOfMemory, boolean[] ranOutOfMemory) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(Launcher.READY)) {
                Thread pump = new Thread(() -> out.lines().forEach(l -> forward(l, outOfMemory)), "node-output");
                pump.setDaemon(true);
                pump.start();
                return line.substring(Launcher.READY.length());
            }
            ranOutOfMemory[0] |= forward(line, outOfMemory);
        }
        return null;
    }

    /** Prints a line of a node's output; true if it was the JVM's out-of-memory report. */
    private static boolean forward(String line, String outOfMemory) {
        System.out.println(line);
        if (OutOfMemoryExit.isReport(line)) {
            System.err.println("run: " + outOfMemory);
            return true;
        }
        return false;
    }

    /** Deletes the run's own data directory once its nodes stopped, or says where it is left. */
    private static void deleteOnStop(Path dir) {
        TempDirs.deleteRecursively(dir);
        if (Files.exists(dir)) {
            System.err.println("course run: could not delete the run's data directory " + dir + "; delete it by hand");
        }
    }

    private static void stopAll(List<Process> processes) {
        processes.forEach(Process::destroy);
        for (Process p : processes) {
            try {
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** What runs on the nodes: a factory class, the stage it implements, and how to call it in messages. */
    private record Target(String factory, StageFacts stage, String description) {
        static Target of(RunOptions o) {
            Stages registry = Stages.ofThisRepository();
            if (o.factory != null) {
                Integer stage = o.stage != null ? o.stage : registry.latest();
                if (stage == null) {
                    throw new IllegalStateException("say which stage " + o.factory + " implements: --stage N");
                }
                return new Target(o.factory, registry.stage(stage), o.factory);
            }
            if (o.stage != null) {
                StageFacts stage = registry.stage(o.stage);
                String reference = stage.referenceOn(RunCommand.class.getClassLoader())
                        .orElseThrow(
                                () -> new IllegalStateException("there is no reference solution of stage " + o.stage
                                        + " in this checkout; run your own nodes with ./course run (the factory and stage of "
                                        + "submission.properties) or ./course run --factory CLASS"));
                return new Target(reference, stage, "Stage " + o.stage + " reference");
            }
            Submission declared = Submission.current();
            return new Target(
                    declared.factoryClass(),
                    registry.stage(declared.stage()),
                    "Your stage-" + declared.stage() + " node (" + declared.factoryClass() + ")");
        }
    }
}
