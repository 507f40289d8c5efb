package course.harness;

import course.contract.Launcher;
import course.contract.Submission;
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
    static final int MAX_STAGE = 6;

    private static final String USAGE = """
            usage: ./course run [--stage N | --factory CLASS] [--nodes K] [--port P] [--dir DIR] [--heap 128m]
              (neither --stage nor --factory: your factory and stage from submission.properties)
              --stage    the course's reference solution of this stage (1-%d; only in the course repository)
              --factory  any ServiceFactory class on the classpath
              --nodes    cluster size (default 1; stages 3+ shard/replicate across nodes)
              --port     port of the first node (default 8080; node i listens on PORT+i)
              --dir      data directory (default: a new temporary directory, printed)
              --heap     heap of each node JVM (default 128m)""".formatted(MAX_STAGE);

    private RunCommand() {
    }

    public static void main(String[] args) throws Exception {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("run: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        if (o == null) {
            System.out.println(USAGE);
            return;
        }
        Target target;
        try {
            target = Target.of(o);
        } catch (IllegalStateException e) {
            System.err.println("run: " + e.getMessage());
            System.exit(2);
            return;
        }
        Path dir = o.dir != null ? o.dir : Files.createTempDirectory("course-run-stage" + target.stage + "-");
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < o.nodes; i++) {
            urls.add("http://localhost:" + (o.port + i));
        }
        List<String> cluster = urls.stream().sorted().toList();
        List<Process> processes = new ArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopAll(processes), "run-shutdown"));
        for (int i = 0; i < o.nodes; i++) {
            Path nodeDir = dir.resolve("node-" + i);
            Files.createDirectories(nodeDir);
            List<String> command = new ArrayList<>(List.of(JavaCommand.javaBinary(), "-Xmx" + o.heap));
            command.addAll(JavaCommand.standardFlags());
            command.addAll(List.of("-cp", JavaCommand.classpath(), Launcher.class.getName(),
                    "--port", String.valueOf(o.port + i), "--dir", nodeDir.toString(),
                    "--cluster", String.join(",", cluster), "--factory", target.factory));
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            processes.add(p);
            boolean[] ranOutOfMemory = {false};
            String ready = awaitReady(p, OutOfMemoryExit.message(o.port + i, o.heap), ranOutOfMemory);
            if (ready == null) {
                int code = p.waitFor(5, TimeUnit.SECONDS) ? p.exitValue() : -1;
                // The JVM's out-of-memory exit uses code 3 too; the line it printed tells them apart.
                boolean portTaken = code == Launcher.EXIT_BIND_FAILED && !ranOutOfMemory[0];
                System.err.println("run: node " + i + " on port " + (o.port + i) + " did not start (exit code " + code
                        + (portTaken ? ": the port is taken, try --port" : "")
                        + (ranOutOfMemory[0] ? ": out of memory while starting, try a larger --heap" : "") + ")");
                System.exit(1);
            }
            System.out.println("node " + i + ": " + urls.get(i) + "  (pid " + p.pid() + ", data in " + nodeDir + ")");
        }
        String first = urls.get(0);
        int from = Math.min(3, o.nodes);
        String params = target.stage >= 4 ? "&ack=" + (from / 2 + 1) + "&from=" + from : "";
        System.out.printf("""

                %s is running. Try:
                  curl -i -X PUT --data-binary 'hello' '%s/v0/entity?id=k1%s'
                  curl -i '%s/v0/entity?id=k1%s'
                  curl -i -X DELETE '%s/v0/entity?id=k1%s'
                Load-test it:  ./course load --url %s -R 2000 -d 10s --workload put
                Ctrl-C stops %s.
                """, target.description, first, params, first, params, first, params, first,
                o.nodes == 1 ? "the node" : "all nodes");
        if (target.stage >= 6) {
            System.out.printf("Range of node 0's own keys (--raw shows the chunks):  curl --raw '%s/v0/entities?start=k'%n",
                    first);
        }
        for (Process p : processes) {
            p.waitFor();
        }
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

    private static void stopAll(List<Process> processes) {
        processes.forEach(Process::destroy);
        for (Process p : processes) {
            try {
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** What runs on the nodes: a factory class, the stage it implements, and how to call it in messages. */
    private record Target(String factory, int stage, String description) {
        static Target of(Options o) {
            if (o.factory != null) {
                return new Target(o.factory, o.stage == null ? MAX_STAGE : o.stage, o.factory);
            }
            if (o.stage != null) {
                String reference = references().getProperty(String.valueOf(o.stage));
                if (reference == null) {
                    throw new IllegalStateException("there is no reference solution of stage " + o.stage
                            + " in this checkout; run your own nodes with ./course run (the factory and stage of "
                            + "submission.properties) or ./course run --factory CLASS");
                }
                return new Target(reference, o.stage, "Stage " + o.stage + " reference");
            }
            Submission declared = Submission.current();
            return new Target(declared.factoryClass(), declared.stage(),
                    "Your stage-" + declared.stage() + " node (" + declared.factoryClass() + ")");
        }
    }

    /** The course's reference factories by stage, from {@value #REFERENCES} files on the classpath (none for students). */
    static final String REFERENCES = "course/references.properties";

    static java.util.Properties references() {
        java.util.Properties all = new java.util.Properties();
        try {
            var resources = RunCommand.class.getClassLoader().getResources(REFERENCES);
            while (resources.hasMoreElements()) {
                try (var in = resources.nextElement().openStream()) {
                    all.load(in);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + REFERENCES + ": " + e.getMessage(), e);
        }
        return all;
    }

    private record Options(Integer stage, String factory, int nodes, int port, Path dir, String heap) {
        static Options parse(String[] args) {
            Integer stage = null;
            String factory = null;
            int nodes = 1;
            int port = 8080;
            Path dir = null;
            String heap = "128m";
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("--help") || a.equals("-h")) {
                    return null;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                String v = args[++i];
                switch (a) {
                    case "--stage" -> stage = number(a, v, 1, MAX_STAGE);
                    case "--factory" -> factory = v;
                    case "--nodes" -> nodes = number(a, v, 1, 16);
                    case "--port" -> port = number(a, v, 1, 65535);
                    case "--dir" -> dir = Path.of(v);
                    case "--heap" -> {
                        if (!v.matches("\\d+[kKmMgG]")) {
                            throw new IllegalArgumentException("--heap takes a size like 128m or 1g, got '" + v + "'");
                        }
                        heap = v;
                    }
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (port + nodes - 1 > 65535) {
                throw new IllegalArgumentException("ports " + port + ".." + (port + nodes - 1) + " do not all exist");
            }
            return new Options(stage, factory, nodes, port, dir, heap);
        }

        private static int number(String option, String value, int min, int max) {
            try {
                int n = Integer.parseInt(value);
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw new IllegalArgumentException(option + " takes a number from " + min + " to " + max + ", got '" + value + "'");
        }
    }
}
