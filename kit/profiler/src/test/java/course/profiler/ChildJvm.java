package course.profiler;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A {@link BusyJvm} in a separate process, started with this JDK, and its port (0: none); close() kills it. */
record ChildJvm(Process process, int port) implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("ready pid=(\\d+)(?: port=(\\d+))?");
    private static final int LIFETIME_SECONDS = 90;

    /** Starts the child and waits until it is busy; listenOnPort opens a server socket on 127.0.0.1. */
    static ChildJvm start(boolean listenOnPort) throws IOException {
        return start(listenOnPort, List.of());
    }

    /**
     * Starts the child with so few file descriptors allowed that async-profiler cannot open a perf event per thread:
     * the same refusal a locked-down kernel or container gives.
     */
    static ChildJvm startWithoutPerfEvents() throws IOException {
        return start(false, List.of("sh", "-c", "ulimit -n 12 && exec \"$0\" \"$@\""));
    }

    private static ChildJvm start(boolean listenOnPort, List<String> prefix) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                testClasses(),
                BusyJvm.class.getName(),
                Integer.toString(LIFETIME_SECONDS)));
        if (listenOnPort) {
            command.add("0");
        }
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = CompletableFuture.supplyAsync(() -> readLine(lines)).get(20, TimeUnit.SECONDS);
            Matcher ready = line == null ? null : READY.matcher(line);
            if (ready == null || !ready.matches()) {
                throw new IOException("the child JVM did not start: " + line);
            }
            return new ChildJvm(process, ready.group(2) == null ? -1 : Integer.parseInt(ready.group(2)));
        } catch (InterruptedException | ExecutionException | TimeoutException | IOException e) {
            process.destroyForcibly();
            throw new IOException("the child JVM did not get ready", e);
        }
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    private static String readLine(BufferedReader lines) {
        try {
            return lines.readLine();
        } catch (IOException e) {
            return null;
        }
    }

    private static String testClasses() {
        try {
            return Path.of(BusyJvm.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
