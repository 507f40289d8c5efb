package bench.server;

import course.harness.JavaCommand;
import course.harness.Ports;
import course.runtime.Launcher;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A server under test in a JVM of its own with the course's heap limit, ready once it printed READY. */
final class ServerProcess implements AutoCloseable {
    static final String HEAP = "-Xmx128m";

    private final Process process;
    final String url;

    private ServerProcess(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /** Starts {@code mainClass} with {@code --port} (a free one) and {@code args}; its stderr goes to {@code log}. */
    static ServerProcess start(String name, Path log, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(JavaCommand.javaBinary(), HEAP));
        command.addAll(JavaCommand.standardFlags());
        command.addAll(List.of(
                "-cp",
                JavaCommand.classpath(),
                mainClass,
                "--port",
                String.valueOf(Ports.free(1).get(0))));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectError(log.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(Launcher.READY)) {
                return new ServerProcess(
                        p, line.substring(Launcher.READY.length()).trim());
            }
        }
        p.destroyForcibly();
        throw new IOException(name + " server did not start; see " + log);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
