package course.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@link TestServerMain} in a JVM of its own: a server the profiler can attach to (it refuses the JVM it runs in) and
 * whose command line the load command reads from /proc. Closing it closes the server's stdin, which stops it.
 */
final class TestServerProcess implements AutoCloseable {
    private final Process process;
    private final String url;

    private TestServerProcess(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /** Starts the server with {@code words} after its class name on its command line (it ignores them). */
    static TestServerProcess start(String... words) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                TestServerMain.class.getName()));
        command.addAll(List.of(words));
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            String url = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            return new TestServerProcess(process, url);
        } catch (IOException | RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    String url() {
        return url;
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.getOutputStream().close();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
